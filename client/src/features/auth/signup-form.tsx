import { fieldErrors, signupBody, type SignupBody, type SignupStarted } from '@gp/common';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useHttp } from '../../shared/api/services.tsx';
import { localeAtom } from '../../shared/i18n/locale-atom.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useFieldErrors } from '../../shared/ui/use-field-errors.ts';
import { SignupCodeStep, type SignupInput, type SignupLink } from './signup-code-step.tsx';

/** Where sign-up stands: the form, or its code step (after the form was sent, or opened from the emailed link). */
type Step = { step: 'form'; initial?: Partial<SignupInput> } | { step: 'code'; form: SignupInput; sentAt: number } | { step: 'code'; link: SignupLink };

/**
 * Spec §2/§5 sign-up, in two steps (issue 29 item 4): the form (validated on submit with the
 * shared schema, server field errors in place), then the 6-digit code mailed to the address. The
 * answer to the form is the same whether or not the email has an account, so the code step never
 * says which; an owner gets a reminder to log in by email instead of a code.
 */
export function SignupForm({ link }: { link?: SignupLink }) {
  const [step, setStep] = useState<Step>(link ? { step: 'code', link } : { step: 'form' });
  if (step.step === 'form') return <SignupFields initial={step.initial} onSent={(form) => setStep({ step: 'code', form, sentAt: Date.now() })} />;
  if ('link' in step) return <SignupCodeStep email={step.link.email} code={step.link.code} onStartAgain={() => setStep({ step: 'form', initial: { email: step.link.email } })} />;
  const { form } = step;
  return (
    <SignupCodeStep
      email={form.email}
      password={form.password}
      resend={{ form, sentAt: step.sentAt, onResent: () => setStep({ step: 'code', form, sentAt: Date.now() }) }}
      onStartAgain={() => setStep({ step: 'form', initial: form })}
    />
  );
}

/** The form: name, email, password twice, date of birth, the promotions opt-in. `initial`: what was typed before "use another email". */
function SignupFields({ initial, onSent }: { initial?: Partial<SignupInput>; onSent: (form: SignupInput) => void }) {
  const http = useHttp();
  const locale = useAtomValue(localeAtom);
  const notify = useNotify();
  const { formRef, errors, showErrors, clearOnInput } = useFieldErrors();

  const signup = useMutation({
    mutationFn: (body: SignupInput) => http.post<SignupStarted>('/api/auth/signup', body),
    onSuccess: (_started, body) => onSent(body),
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) showErrors(fields);
      else notify.error(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: SignupBody = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      passwordCheck: String(data.get('passwordCheck') ?? ''),
      birthDate: String(data.get('birthDate') ?? ''),
      promoOptIn: data.get('promoOptIn') === 'on',
      locale,
    };
    const parsed = signupBody.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    showErrors({});
    signup.mutate(parsed.data);
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} onInput={clearOnInput} data-testid="signup-form">
      <TextField name="name" label="auth.name" autoComplete="name" defaultValue={initial?.name} error={errors.name} />
      <TextField name="email" label="auth.email" type="email" autoComplete="email" inputMode="email" defaultValue={initial?.email} error={errors.email} />
      <TextField
        name="password"
        label="auth.password"
        type="password"
        autoComplete="new-password"
        hint="auth.passwordHint"
        defaultValue={initial?.password}
        error={errors.password}
      />
      <TextField
        name="passwordCheck"
        label="auth.passwordCheck"
        type="password"
        autoComplete="new-password"
        defaultValue={initial?.passwordCheck}
        error={errors.passwordCheck}
      />
      {/* Issue 32: 18 or over; the server refuses younger (`underage`) before any mail. */}
      <TextField name="birthDate" label="auth.birthDate" type="date" autoComplete="bday" hint="auth.birthDateHint" defaultValue={initial?.birthDate} error={errors.birthDate} />
      <label className="checkbox">
        <input type="checkbox" name="promoOptIn" defaultChecked={initial?.promoOptIn} />
        <span>
          <FormattedMessage id="auth.promoOptIn" />
        </span>
      </label>
      <p className="form__note">
        <FormattedMessage
          id="auth.consent"
          values={{
            terms: (
              <Link to="/about/terms">
                <FormattedMessage id="auth.termsLink" />
              </Link>
            ),
            privacy: (
              <Link to="/about/privacy">
                <FormattedMessage id="auth.privacyLink" />
              </Link>
            ),
          }}
        />
      </p>
      <button type="submit" className="button button--primary button--block" disabled={signup.isPending}>
        <FormattedMessage id={signup.isPending ? 'auth.signingUp' : 'auth.signup'} />
      </button>
    </form>
  );
}
