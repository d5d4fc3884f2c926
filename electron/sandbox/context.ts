/** Everything a route handler of the demo MSC needs, built once in index.ts. */
import type { CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import type { SandboxState } from '@main/sandbox/state';
import type { SetupEngine } from '@main/sandbox/setup-engine';
import type { TokenIssuer } from '@main/sandbox/auth';
import type { KeyedSerial } from '@main/lib/keyed-serial';
import type { WorldIndex } from '@main/sandbox/world-index';
import type { RateLimiter } from '@main/sandbox/rate-limit';
import type { BillingService } from '@main/sandbox/billing/service';

export type CheckFn = (template: Template, submission: FilledTemplate) => CheckMessage[];

export type SandboxContext = {
  index: WorldIndex;
  state: SandboxState;
  engine: SetupEngine;
  billing: BillingService;
  issuer: TokenIssuer;
  lock: KeyedSerial;
  clock: () => Date;
  check: CheckFn;
  operatorToken: string;
  rateLimiter?: RateLimiter;
};
