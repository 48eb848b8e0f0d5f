import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from './field-errors.ts';

/**
 * Field errors of a form: shown after a submit (with focus moved to the first invalid field, so
 * keyboard and screen-reader users land on the problem) and each cleared as its field is edited.
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const showErrors = useCallback((next: FieldErrors) => {
    focusPending.current = Object.keys(next).length > 0;
    setErrors(next);
  }, []);

  const clearOnInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name || !errors[name]) return;
    const { [name]: _cleared, ...rest } = errors;
    setErrors(rest);
  };

  return { formRef, errors, showErrors, clearOnInput };
}
