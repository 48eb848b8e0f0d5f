import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageRef } from './message-ids.ts';

/** Turns a stored MessageRef (toasts, form outcomes) into text in the language on screen. */
export function useTranslateRef(): (ref: MessageRef) => string {
  const intl = useIntl();
  return useCallback(
    (ref: MessageRef) => ('text' in ref ? ref.text : intl.formatMessage({ id: ref.id }, ref.values)),
    [intl],
  );
}
