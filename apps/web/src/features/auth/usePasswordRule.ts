import { type CommonPasswordCheck, loadCommonPasswords, passwordProblem } from '@mitrebox/domain';
import { useEffect, useState } from 'react';

/**
 * The password rule of packages/domain as the customer types (the server re-checks): the common-password
 * list loads once, in its own chunk, when a screen that sets a password opens. `shown` is the problem to put
 * on the field: from the moment the field has been left once, or the password is long enough to be judged.
 */
export function usePasswordRule(password: string) {
  const [isCommon, setIsCommon] = useState<CommonPasswordCheck>();
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    let live = true;
    void loadCommonPasswords().then((check) => {
      if (live) setIsCommon(() => check);
    });
    return () => {
      live = false;
    };
  }, []);
  const problem = password ? passwordProblem(password, isCommon) : null;
  const judged = touched || password.length >= 10;
  return {
    problem,
    shown: judged ? problem : null,
    /** Put on the input's onBlur. */
    onBlur: () => setTouched(true),
    /** Before sending: show the problem, if any, and answer it. */
    check: () => {
      setTouched(true);
      return passwordProblem(password, isCommon);
    },
  };
}
