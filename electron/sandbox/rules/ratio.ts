/**
 * The distribution ratio the template agrees (HeizkostenV §7 heating, §8 hot water): base and consumption add up to
 * 100 % and the consumption share is 50–70 %; more than 70 % is lawful only by an agreement (§10), hence a warning.
 * The path points into the template: the PM cannot change the ratio in the submission, only with the MSC.
 */
import { formatGerman, share } from '@shared/domain/decimal';
import { ratioVerdict } from '@shared/domain/precheck/plausibility';
import type { Rule } from '@main/sandbox/rules/context';

const WORDS = { heating: ['Heizung', '§7'], hotwater: ['Warmwasser', '§8'] } as const;

export const distributionRatio: Rule = {
  code: 'DISTRIBUTION_RATIO',
  check(ctx, report) {
    for (const kind of ['heating', 'hotwater'] as const) {
      const { base, consumption } = ctx.template.distributionratio[kind];
      const verdict = ratioVerdict(share(base), share(consumption));
      if (!verdict) continue;
      const [what, section] = WORDS[kind];
      const given = `Grundkosten ${formatGerman(share(base))} %, Verbrauchskosten ${formatGerman(share(consumption))} %`;
      const text =
        verdict === 'sum'
          ? `ergibt zusammen nicht 100 %`
          : verdict === 'below'
            ? `verteilt weniger als 50 % nach Verbrauch; HeizkostenV ${section} verlangt 50 bis 70 %`
            : `verteilt mehr als 70 % nach Verbrauch; das ist nur mit einer ausdrücklichen Vereinbarung zulässig (HeizkostenV §10)`;
      report(
        verdict === 'above' ? 'WARNING' : 'ERROR',
        ['distributionratio', kind],
        `Der vereinbarte Verteilungsschlüssel für ${what} (${given}) ${text}. Bitte mit dem Messdienst klären.`,
      );
    }
  },
};
