/**
 * Every user-facing message of the specifications, letter for letter.
 * Screens and the server both take them from here.
 */
/** The not-found screen's message, apart: that screen is in the shop's first load, the other messages are not. */
export const NOT_FOUND_MESSAGE = 'Oops! It seems that this page does not exist.';

export const messages = {
  login: {
    usernameEmpty: 'Username is invalid or empty',
    passwordEmpty: 'Password is empty',
    usernameNotNumeric: 'Your username is your numeric account ID',
    mismatch: 'Your username and password did not match. Please try again.',
    emailUnverified: 'Please verify your email before logging in',
    mfaRequired: 'mfa required',
    noToken: 'no token',
    locked: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    slowDown: (seconds: number) =>
      `Too many failed sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    accountLocked:
      'Too many failed sign-in attempts on this account. Please wait 15 minutes, or reset your password to unlock it now.',
    mfaInvalid: 'That code is not valid. Please try again.',
    mfaTooManyThisSignIn: 'Too many wrong codes. Please sign in again.',
    mfaLocked: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
    challengeRequired:
      'Many sign-in attempts on this account have failed, so your browser must complete a quick check first.',
    checkingBrowser: 'Checking your browser…',
    challengeFailed:
      'Your browser could not complete the check. Please try again, or reset your password to sign in.',
  },
  creditHold: {
    heading: 'Account Information',
    message: (phone: string) => `Please contact accounts payable or customer service. ${phone}`,
  },
  purchaseBlocked: (phone: string) =>
    `You are unable to place orders at this time contact customer service at ${phone}`,
  verifyEmail: {
    resendButton: 'Send the link again',
    resent: 'We have sent a new link to confirm your e-mail address. It works for 7 days.',
    alreadyVerified: 'Your e-mail address is already confirmed. You can sign in.',
    tooMany: 'Too many links sent. Please wait an hour and try again, or call customer service.',
  },
  password: {
    rule: 'At least 10 characters, and not a commonly used password.',
    tooShort: (min: number) => `The password must be at least ${min} characters.`,
    tooLong: (max: number) => `The password may not be greater than ${max} characters.`,
    tooCommon: 'This password is too common. Choose one that is harder to guess.',
  },
  verifyData: {
    passwordsMustMatch: 'Passwords must match',
  },
  forgotPassword: {
    sent: 'Sent Password Reset',
    notFound: 'Email not found please contact support',
    sendError: 'There was a error please contact support',
    emailFormat: 'Email format incorrect',
    tooMany: 'Too many requests for this e-mail address or from your network. Please try again later.',
  },
  resetPassword: {
    done: 'Your password has been reset. You can now sign in.',
  },
  notFound: NOT_FOUND_MESSAGE,
  search: {
    placeholder: 'Search by name or Item #',
    nothingFound: 'No products found',
  },
  notStockedHere: 'Not stocked in this location',
  emailUpdated: 'Email Updated',
  orderComplete: 'Order Complete',
  cartReminder: "Cart items empty at midnight. Don't forget to Submit your order.",
  itemsAdded: 'Items added to cart.',
  orderSubmitError: 'There was a error please refresh the page and try again',
  session: {
    expired: 'Your session has expired. Please sign in again.',
    notLoggedIn: 'not logged in',
    /** A sign-in without an account (staff) on a buyer's route: it answers for the first account of a sign-in. */
    customersOnly: 'This is for signed-in customers only.',
  },
} as const;

/**
 * Changing the sign-in e-mail or the password from My Account, and the e-mailed links that confirm or undo an
 * e-mail change (docs/decisions/021). Apart from `messages`, so the shop's first load carries none.
 */
export const accountSecurityMessages = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  codeRequired: 'Enter the code your authenticator app shows now.',
  sameEmail: 'This is already your e-mail address.',
  emailLinkSent: (email: string) =>
    `We have sent a confirmation link to ${email}. Your e-mail address changes when you open it (within 24 hours); until then we keep using your current address.`,
  emailTooMany: 'Too many e-mail changes asked for. Please wait an hour and try again.',
  mailFailed:
    'We could not send the e-mails for this change. Please try again later, or call customer service.',
  confirmLinkInvalid: 'This confirmation link is invalid, has expired or has been used already.',
  undoLinkInvalid: 'This link is invalid, has expired or has been used already.',
  emailRestored: (email: string) =>
    `Your e-mail address is ${email} again, and every session of your account has been signed out. If you did not ask for the change, choose a new password now.`,
  newPasswordSame: 'The new password must be different from the current one.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
} as const;

/** The back office's messages: apart from `messages`, so the shop's first load carries none. */
export const staffMessages = {
  emailInvalid: 'Enter the e-mail address of your staff sign-in.',
  mismatch: 'Your e-mail and password did not match. Please try again.',
  totpRequired:
    'Staff sign-in needs two-step verification. Ask an administrator to set up an authenticator app for you.',
  disabled: 'This staff sign-in has been disabled.',
  staffOnly: 'This is for staff only.',
  roleRefused: 'Your staff role may not do this.',
  viewAsReadOnly: 'This is a read-only view of the account: nothing can be changed here.',
  // staff users (docs/decisions/019-staff-users.md)
  notYourself: 'You cannot disable your own sign-in or change your own role.',
  lastAdmin: 'The last enabled administrator cannot be disabled or given another role.',
  staffEmailTaken: 'A user with this e-mail address exists already.',
  nameRequired: 'Enter the name.',
  enrolLinkInvalid: 'This set-up link is invalid or has expired. Ask an administrator for a new one.',
  enrolCodeInvalid: 'The code does not match. Check the time on your phone and enter the code shown now.',
} as const;
