import type { RouteObject } from 'react-router';
import { lazyScreen } from '@renderer/app/lazy-screen';

const EditorPage = lazyScreen(() => import('@renderer/features/editor/EditorPage').then((m) => m.EditorPage));

/** The guided editor of a period: one address per step, so reload, back and message links land on the step. */
export const editorRoutes: RouteObject[] = [
  { path: 'abrechnung/:connectionId/:billingunit/:periodTo/erfassen/:step', element: <EditorPage /> },
];
