/**
 * Issue 19, item 8: in the hand-typed units table, 1.234,50 m² and 0,00 m² are sent as typed (the clerk decides)
 * but named on the review step before sending; 72,50 m² passes without a remark.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@renderer/i18n';
import { emptyRow, rowsToUnits, unusualAreas } from '@renderer/features/units/edit-rows';
import { AreaRemarks } from '@renderer/features/units/steps/AreaRemarks';

const typed = (pm: string, livingarea: string) => ({ ...emptyRow(), pm, livingarea });

beforeAll(async () => {
  await i18n.changeLanguage('de');
});

describe('unusual living area typed by hand', () => {
  const checked = rowsToUnits([typed('WE-1', '1.234,50'), typed('WE-2', '0,00'), typed('WE-3', '72,50')]);
  if (!checked.ok) throw new Error(checked.errors.join('; '));

  it('is sent as typed and named', () => {
    expect(checked.units.map((u) => u.auxiliarycriteria?.livingarea)).toEqual(['1234.50', '0.00', '72.50']);
    expect(unusualAreas(checked.units)).toEqual([
      { pm: 'WE-1', area: '1234.50' },
      { pm: 'WE-2', area: '0.00' },
    ]);
  });

  it('is named on the review step as a remark', () => {
    const html = renderToStaticMarkup(h(MantineProvider, null, h(AreaRemarks, { units: checked.units })));
    expect(html).toContain('2 Nutzeinheiten mit ungewöhnlicher Wohnfläche – bitte prüfen');
    expect(html).toContain('WE-1: 1.234,50 m² (0 m² oder ab 1.000 m²');
    expect(html).toContain('WE-2: 0,00 m²');
    expect(html).not.toContain('WE-3: 72,50');
  });
});
