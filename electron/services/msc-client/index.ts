/** Public surface of the MSC client; the other files are its parts. */
export { createMscClient } from '@main/services/msc-client/client';
export type {
  HealthReport,
  MscClient,
  MscClientDeps,
  OverviewQueryInput,
  RequestOptions,
  ValidateResult,
} from '@main/services/msc-client/client';
export { MscClientConfig, insecureUrlReason, isLoopbackHost } from '@main/services/msc-client/config';
export { isSendOutcomeUnknown, SEND_OUTCOME_UNKNOWN } from '@main/services/msc-client/send-safely';
export type { SendOutcome } from '@main/services/msc-client/send-safely';
export type { OsrClient, OsrDeliveryOutcome } from '@main/services/msc-client/osr';
export type { ResultsClient } from '@main/services/msc-client/results';
export type { MatchingResult, SentUnits } from '@main/services/msc-client/unmatched';
export type { Clock, FetchLike, Sleep } from '@main/services/msc-client/http';
