/**
 * Issue 19, item 15: user text with a right-to-left override (U+202E) is isolated with <bdi> in the units import's
 * problem list and property groups, so it cannot flip the row numbers and words beside it.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@renderer/i18n';
import { ProblemList } from '@renderer/features/units/preview/ProblemList';
import { QuotedProperty } from '@renderer/features/units/preview/PropertyGroups';

const RLO = '\u202E';
const render = (node: ReturnType<typeof h>) => renderToStaticMarkup(h(MantineProvider, null, h(MemoryRouter, null, node)));

beforeAll(async () => {
  await i18n.changeLanguage('de');
});

describe('bidi isolation of user text', () => {
  it('puts the problem text that quotes the file’s value inside <bdi>, the place and field outside', () => {
    const html = render(
      h(ProblemList, {
        problems: [{ index: 0, field: 'residentialunitPmnumber', text: `„WE${RLO}01“ steht schon in Zeile 2`, blocking: true }],
        rows: [{ _key: 'r1', _row: 3, residentialunitPmnumber: `WE${RLO}01` }],
      }),
    );
    expect(html).toContain(`: <bdi>„WE${RLO}01“ steht schon in Zeile 2</bdi>`);
    expect(html).toMatch(/Zeile 1 \(Excel-Zeile 3\), [^<]+: <bdi>/);
  });

  it('isolates an unknown property’s text in the property groups', () => {
    // The table draws only rows in view (none without a layout), so the cell is rendered on its own.
    const html = render(h(QuotedProperty, { text: `Haus${RLO}Nord` }));
    expect(html).toContain(`„<bdi>Haus${RLO}Nord</bdi>“`);
  });
});
