/**
 * Values the template presets and the fill must carry (docs/msc-rules.md: CALORIFIC_VALUE_REQUIRED,
 * CO2_AREA_REQUIRED): the calorific value per fuel and the property facts for the CO2 cost split. The app copies them
 * so the clerk never types what the MSC already knows; a value the clerk typed (even a different one) is kept.
 */
import type { DraftContent } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';

const CO2_FACTS = ['heatedarea', 'nonresidentialshare', 'restrictionbuilding', 'restrictionsupply'] as const;

const missing = (v: unknown): boolean => v === undefined || (typeof v === 'string' && v.trim() === '');

/** The draft with the template's presets filled in where it has none; the same object when nothing was missing. */
export function carryTemplatePresets(content: DraftContent, template: Template): DraftContent {
  const before = content.energysources ?? [];
  const sources = before.map((src) => {
    const fuel = template.fuels.find((f) => (src.slot === undefined ? f.fuel === src.fuel : f.slot === src.slot));
    const preset = fuel?.calorificvalue;
    return preset === undefined || !missing(src['calorificvalue']) ? src : { ...src, calorificvalue: preset };
  });
  const changed = sources.some((s, i) => s !== before[i]);
  const given: Record<string, unknown> =
    typeof content['co2configuration'] === 'object' && content['co2configuration'] !== null
      ? { ...(content['co2configuration'] as Record<string, unknown>) }
      : {};
  let factsChanged = false;
  for (const key of CO2_FACTS) {
    const preset = template.co2configuration[key];
    if (preset === undefined || !missing(given[key])) continue;
    given[key] = preset;
    factsChanged = true;
  }
  if (!changed && !factsChanged) return content;
  return {
    ...content,
    ...(changed ? { energysources: sources } : {}),
    ...(factsChanged ? { co2configuration: given } : {}),
  };
}
