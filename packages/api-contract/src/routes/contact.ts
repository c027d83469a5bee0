import { ErrorBody } from '../common.ts';
import { ContactFormInfo, ContactRequest, ContactResponse } from '../public-pages.ts';
import { defineRoute } from '../route.ts';

const tags = ['Contact Us'];

/** The Contact Us form: its csrf value and captcha, and the message sent. */
export const contactContract = {
  formInfo: defineRoute({
    method: 'GET',
    path: '/api/contact-us',
    tags,
    summary: 'The csrf value to send back and the captcha the form shows',
    response: { 200: ContactFormInfo },
  }),
  /** The ALTCHA widget reads it itself (its own format): no answer schema. */
  captcha: defineRoute({
    method: 'GET',
    path: '/api/contact-us/captcha',
    tags,
    summary: 'A new ALTCHA proof-of-work challenge',
    response: {},
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/contact-us',
    tags,
    summary: 'Send a message to customer service (captcha and csrf required)',
    body: ContactRequest,
    response: { 200: ContactResponse, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody, 429: ErrorBody },
  }),
};
