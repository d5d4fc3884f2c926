import { useCallback } from 'react';
import type { FailureInfo } from '@shared/domain/workspace';
import { ApiError } from '@renderer/lib/api';
import { failureAsError } from '@renderer/lib/error-text';
import { useErrorText } from '@renderer/lib/useErrorText';

/** A stored failure (outbox, setup poller) in the clerk's language, the same way as a failed call. */
export function useFailureText(): (failure: FailureInfo) => string {
  const text = useErrorText();
  return useCallback(
    (failure: FailureInfo) => {
      const error = failureAsError(failure);
      return error === undefined ? failure.message : text(new ApiError(error));
    },
    [text],
  );
}
