/**
 * The one IPC contract between the renderer and the main process.
 * Every channel is `domain:verb` with a zod schema for its input and its output (the tables in
 * shared/ipc/channels/); every main→renderer event has a payload schema. The preload, the gate, the browser
 * bridge and renderer/lib/api.ts are all derived from this object, so no other file holds a channel name.
 */
import type { z } from 'zod';
import { appChannels } from '@shared/ipc/channels/app';
import { connectionChannels } from '@shared/ipc/channels/connections';
import { unitChannels } from '@shared/ipc/channels/units';
import { billingChannels } from '@shared/ipc/channels/billing';
import { excelChannels, ImportProgressEvent } from '@shared/ipc/channels/excel';
import { reportChannels } from '@shared/ipc/channels/reports';
import { preferenceChannels } from '@shared/ipc/channels/preferences';
import { overviewChannels } from '@shared/ipc/channels/overview';
import { setupWizardChannels } from '@shared/ipc/channels/setup-wizard';
import { demoChannels } from '@shared/ipc/channels/demo';
import { osrChannels } from '@shared/ipc/channels/osr';
import { argeChannels } from '@shared/ipc/channels/arge';
import { argeImportChannels } from '@shared/ipc/channels/arge-import';
import { resultChannels } from '@shared/ipc/channels/results';
import { teamChannels, TeamStatus } from '@shared/ipc/channels/team';
import { BillingCheckedEvent, ConnectionStatusEvent, WorkspaceChangedEvent } from '@shared/ipc/events';

export { AppInfo, FileKind } from '@shared/ipc/channels/app';
export { StorageProblem } from '@shared/domain/storage-problem';
export { ConnectionHealth, ConnectionStatusEvent } from '@shared/ipc/channels/connections';
export { MatchingResult } from '@shared/ipc/channels/units';
export { ArchiveSummary, CheckOutcome, DraftSummary, SubmitOutcome, BillingCheckedEvent } from '@shared/ipc/channels/billing';
export { WorkspaceChangedEvent, WorkspaceEvent } from '@shared/ipc/events';
export { FileRef } from '@shared/ipc/channel';

export const contract = {
  ...appChannels,
  ...connectionChannels,
  ...unitChannels,
  ...billingChannels,
  ...excelChannels,
  ...reportChannels,
  ...preferenceChannels,
  ...overviewChannels,
  ...setupWizardChannels,
  ...demoChannels,
  ...osrChannels,
  ...argeChannels,
  ...argeImportChannels,
  ...resultChannels,
  ...teamChannels,
} as const;

export const events = {
  'connection:status': ConnectionStatusEvent,
  'workspace:changed': WorkspaceChangedEvent,
  'billing:checked': BillingCheckedEvent,
  'excel:import-progress': ImportProgressEvent,
  /** The team database went away or came back, or this desk joined or left it. */
  'team:status': TeamStatus,
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type Input<C extends Channel> = z.infer<Contract[C]['input']>;
export type Output<C extends Channel> = z.infer<Contract[C]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;

export const channels = Object.keys(contract) as Channel[];
export const eventNames = Object.keys(events) as EventName[];

export const isChannel = (name: string): name is Channel => Object.hasOwn(contract, name);
export const isEventName = (name: string): name is EventName => Object.hasOwn(events, name);
