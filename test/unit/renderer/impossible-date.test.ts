/** Issue 19, item 8: „2025-13-45“ is listed as no date, so its cell must not show an invented day. */
import { describe, expect, it } from 'vitest';
import { checkUnitValues } from '@shared/domain/unit-rows';
import { createFormatters } from '@renderer/lib/format';
import { displayValue } from '@renderer/components/grid/cells/useDisplayValue';

describe('an impossible date', () => {
  it('stays as typed in its cell and is flagged, never rolled over into 14.02.2026', () => {
    expect(displayValue(createFormatters('de'), 'date', '2025-13-45')).toBe('2025-13-45');
    expect(displayValue(createFormatters('en'), 'date', '2025-02-30')).toBe('2025-02-30');
    expect(checkUnitValues({ residentialunitPmnumber: 'WE-1', validfrom: '2025-13-45' }, false).problems).toEqual([
      { field: 'validfrom', code: 'date', value: '2025-13-45' },
    ]);
  });

  it('still shows a real day in the clerk’s format', () => {
    expect(displayValue(createFormatters('de'), 'date', '2025-12-31')).toBe('31.12.2025');
    expect(createFormatters('de').date('2025-12-31T10:00:00Z')).toBe('31.12.2025');
  });
});
