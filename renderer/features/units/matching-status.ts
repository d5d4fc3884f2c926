export { effectiveStatus, latestSent } from '@shared/domain/unit-category';
export type { EffectiveStatus } from '@shared/domain/unit-category';
