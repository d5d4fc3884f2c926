import type { EditorStep } from '@shared/domain/draft-location';
import type { DraftContent } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import type { EditorModel } from '@renderer/features/editor/useEditor';
import type { PeriodRef } from '@renderer/features/editor/locations';
import { AgreementStep } from '@renderer/features/editor/steps/AgreementStep';
import { FuelsStep } from '@renderer/features/editor/steps/FuelsStep';
import { InvoicesStep } from '@renderer/features/editor/steps/InvoicesStep';
import { RecipientsStep } from '@renderer/features/editor/steps/RecipientsStep';
import { CheckStep } from '@renderer/features/editor/steps/CheckStep';
import { SubmitStep } from '@renderer/features/editor/steps/SubmitStep';

export type StepProps = { where: PeriodRef; model: EditorModel; template: Template; content: DraftContent };

export function StepBody({ step, ...props }: StepProps & { step: EditorStep }) {
  switch (step) {
    case 'vereinbarung':
      return <AgreementStep {...props} />;
    case 'brennstoffe':
      return <FuelsStep {...props} />;
    case 'heizung':
      return <InvoicesStep {...props} section="heatingsysteminvoices" />;
    case 'betriebskosten':
      return <InvoicesStep {...props} section="ancillaryinvoices" />;
    case 'nutzer':
      return <RecipientsStep {...props} />;
    case 'pruefen':
      return <CheckStep {...props} />;
    case 'uebermitteln':
      return <SubmitStep {...props} />;
  }
}
