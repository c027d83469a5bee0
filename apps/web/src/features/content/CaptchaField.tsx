import type { ContactCaptcha } from '@mitrebox/api-contract';
// the widget's JSX element type (types only: the widget's module is not part of the page)
import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export interface CaptchaHandle {
  /** A fresh captcha after a message was sent (one solution sends one message). */
  reset(): void;
}

interface CaptchaFieldProps {
  captcha: ContactCaptcha;
  onChange: (response: string | null) => void;
}

declare global {
  interface Window {
    grecaptcha?: {
      render(
        el: HTMLElement,
        opts: { sitekey: string; callback: (t: string) => void; 'expired-callback': () => void },
      ): number;
      reset(id?: number): void;
    };
    mitreboxRecaptchaReady?: () => void;
  }
}

/**
 * The contact form's captcha: the ALTCHA widget (proof of work solved in the browser, no third party) by
 * default, Google reCAPTCHA when the server says it is configured.
 */
export const CaptchaField = forwardRef<CaptchaHandle, CaptchaFieldProps>(function CaptchaField(
  { captcha, onChange },
  ref,
) {
  const altchaRef = useRef<HTMLElement & { reset?: () => void }>(null);
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const recaptchaId = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset() {
      altchaRef.current?.reset?.();
      if (recaptchaId.current !== null) window.grecaptcha?.reset(recaptchaId.current);
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    // The widget's code (≈ 250 KB before compression) is not part of the page's first load: the element is in
    // the page from the first render and comes alive once its definition has arrived (a custom element upgrade).
    if (captcha.kind !== 'recaptcha' && !customElements.get('altcha-widget')) void import('altcha');
  }, [captcha.kind]);

  useEffect(() => {
    const el = altchaRef.current;
    if (!el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state?: string; payload?: string }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  useEffect(() => {
    if (captcha.kind !== 'recaptcha') return;
    const render = () => {
      if (!recaptchaRef.current || !window.grecaptcha || recaptchaId.current !== null) return;
      recaptchaId.current = window.grecaptcha.render(recaptchaRef.current, {
        sitekey: captcha.siteKey,
        callback: (t) => onChangeRef.current(t),
        'expired-callback': () => onChangeRef.current(null),
      });
    };
    if (window.grecaptcha) {
      render();
      return;
    }
    window.mitreboxRecaptchaReady = render;
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=mitreboxRecaptchaReady&render=explicit';
    script.async = true;
    document.head.append(script);
  }, [captcha]);

  if (captcha.kind === 'recaptcha') return <div ref={recaptchaRef} />;
  return (
    <altcha-widget
      ref={altchaRef}
      challenge={captcha.challengeUrl}
      name="recap"
      // the skeleton's height until the widget's code has arrived: nothing moves when it does
      style={{ '--altcha-max-width': '100%', display: 'block', minHeight: 64 }}
    />
  );
});
