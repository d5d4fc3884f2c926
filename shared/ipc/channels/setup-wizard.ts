/**
 * Where the send-for-matching wizard of a property stands, kept in the data folder so that a reload or a restart
 * of the app returns the clerk to it: typed rows, the column mapping, the current step and the corrections made
 * in an import's preview. An imported file itself is not kept; after a restart it is picked again.
 */
import { z } from 'zod';
import { ColumnLetter, MappingSuggestion, UsageUnitField, UsageUnitMapping } from '@shared/domain/excel';
import { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { channel, OnUnit } from '@shared/ipc/channel';

const Cell = z.string().max(1000);

/** A row typed in "Von Hand erfassen"; `base` is the unit it was made from (auxiliary criteria). */
export const TypedRowDraft = z
  .object({
    key: z.string().max(64),
    pm: Cell,
    description: Cell,
    floor: Cell,
    position: Cell,
    livingarea: Cell,
    meternumbers: Cell,
    base: SetupResidentialUnit.optional(),
  })
  .strict();

const Purpose = z.enum(['new', 'auxiliary']);

const PickedFile = {
  fileId: z.string().min(1).max(200),
  fileName: z.string().max(300),
  suggestion: MappingSuggestion,
  remembered: z.boolean(),
};

/** A row of the preview the clerk changed or added (`row`: its Excel row; missing for an added row). */
export const ChangedRow = z.object({ row: z.int().min(1).optional(), values: z.partialRecord(UsageUnitField, Cell) }).strict();
export type ChangedRow = z.infer<typeof ChangedRow>;

export const WizardDraft = z.discriminatedUnion('step', [
  z.object({ step: z.literal('edit'), purpose: Purpose, rows: z.array(TypedRowDraft).max(5000) }).strict(),
  z.object({ step: z.literal('review'), purpose: Purpose, rows: z.array(TypedRowDraft).max(5000) }).strict(),
  z
    .object({
      step: z.literal('mapping'),
      ...PickedFile,
      /** Field → column letter as chosen so far. */
      choice: z.partialRecord(UsageUnitField, ColumnLetter).optional(),
    })
    .strict(),
  z
    .object({
      step: z.literal('preview'),
      ...PickedFile,
      mapping: UsageUnitMapping.optional(),
      byHand: z.boolean(),
      changed: z.array(ChangedRow).max(5000),
      /** Excel rows the clerk deleted. */
      removed: z.array(z.int().min(1)).max(100_000),
    })
    .strict(),
]);
export type WizardDraft = z.infer<typeof WizardDraft>;

export const setupWizardChannels = {
  /** The property's wizard as last saved; null when there is none. */
  'setup-wizard:get': channel(z.object(OnUnit).strict(), WizardDraft.nullable()),
  /** Saves where the wizard stands; null forgets it (sent, cancelled, or back at the start). */
  'setup-wizard:save': channel(z.object({ ...OnUnit, draft: WizardDraft.nullable() }).strict(), z.void()),
} as const;
