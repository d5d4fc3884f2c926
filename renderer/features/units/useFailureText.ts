import { useCallback } from 'react';
import { AppErrorCode } from '@shared/domain/app-error';
import type { FailureInfo } from '@shared/domain/workspace';
import { ApiError } from '@renderer/lib/api';
import { useErrorText } from '@renderer/lib/useErrorText';

/** A stored failure (outbox, setup poller) in the clerk's language, the same way as a failed call. */
export function useFailureText(): (failure: FailureInfo) => string {
  const text = useErrorText();
  return useCallback(
    (failure: FailureInfo) => {
      const code = AppErrorCode.safeParse(failure.code);
      if (!code.success || failure.message === '') return failure.message;
      return text(new ApiError({ code: code.data, message: failure.message }));
    },
    [text],
  );
}
