/**
 * The pure helpers of this feature (typed rows, outbox lines) take a translator; without one they speak German,
 * the app's default language, so their unit tests read like the screen.
 */
import { i18n } from '@renderer/i18n/index';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export const germanUnits: Translate = (key, params) => i18n.getFixedT('de', 'units')(key, params ?? {});
