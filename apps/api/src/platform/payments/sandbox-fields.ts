import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { SANDBOX_FIELDS_PATH, SANDBOX_TOKENIZE_PATH, type SandboxGateway } from './sandbox.ts';

/**
 * The sandbox gateway's hosted card-field page: the card number and CVV are typed here, inside an iframe,
 * and only a single-use token, the last four and the card type are posted to the shop page (to its origin
 * only). The page has its own strict Content-Security-Policy: its one inline script and style by hash,
 * no other sources, framed only by the shop. It is served by its own listener, on an origin of its own
 * (another port, or SANDBOX_FIELDS_ORIGIN), as a real gateway's fields are: a script of the shop's origin
 * cannot read the iframe's inputs, and the shop's API never receives a card number at all.
 */
const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#2a211b}
.row{display:flex;gap:12px;flex-wrap:wrap}
.f{display:flex;flex-direction:column;gap:4px;margin-bottom:6px}
.f.num{flex:1 1 220px}
.f.cvv{flex:0 0 110px}
label{font-size:14px;font-weight:500}
input{height:36px;border:1px solid #ced4da;border-radius:6px;padding:0 10px;font-size:15px;font-family:inherit;width:100%;background:#fff;color:#2a211b}
input:focus{outline:2px solid #7a4a2a;outline-offset:0;border-color:#7a4a2a}
input[aria-invalid=true]{border-color:#c92a2a}
.err{color:#c92a2a;font-size:12px;min-height:15px}
.lock{font-size:12px;color:#5c5049}
`;

const SCRIPT = `
(function(){
  var parentOrigin = document.documentElement.getAttribute('data-parent-origin');
  var tokenizeUrl = document.documentElement.getAttribute('data-tokenize-url');
  var num = document.getElementById('cc-number');
  var cvv = document.getElementById('cc-cvv');
  var numErr = document.getElementById('cc-number-error');
  var cvvErr = document.getElementById('cc-cvv-error');
  // Enter in a field submits nothing (no inline handler: the page's CSP allows only this script, by hash)
  document.getElementById('cc-form').addEventListener('submit', function(e){ e.preventDefault(); });
  function send(msg){ msg.source = 'mitrebox-card-fields'; window.parent.postMessage(msg, parentOrigin); }
  function digits(s){ return s.replace(/\\D/g, ''); }
  function luhn(d){ var s=0, dbl=false; for (var i=d.length-1;i>=0;i--){ var n=+d[i]; if(dbl){n*=2; if(n>9)n-=9;} s+=n; dbl=!dbl; } return d.length>=13 && d.length<=19 && s%10===0; }
  function brand(d){ if(/^4/.test(d))return 'Visa'; if(/^(5[1-5]|2[2-7])/.test(d))return 'MasterCard'; if(/^3[47]/.test(d))return 'American Express'; if(/^6(011|5)/.test(d))return 'Discover'; return ''; }
  function state(){ var d=digits(num.value); return { type:'change', numberEmpty: d.length===0, numberValid: luhn(d), cvvPresent: digits(cvv.value).length>=3, cardType: brand(d) }; }
  function showErr(el, input, text){ el.textContent = text || ''; input.setAttribute('aria-invalid', text ? 'true' : 'false'); }
  num.addEventListener('input', function(){
    var d = digits(num.value).slice(0,19);
    num.value = brand(d)==='American Express' ? d.replace(/^(\\d{4})(\\d{1,6})?(\\d{1,5})?.*/, function(m,a,b,c){return [a,b,c].filter(Boolean).join(' ');}) : d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    showErr(numErr, num, ''); send(state());
  });
  cvv.addEventListener('input', function(){ cvv.value = digits(cvv.value).slice(0,4); showErr(cvvErr, cvv, ''); send(state()); });
  window.addEventListener('message', function(e){
    if (e.origin !== parentOrigin || e.source !== window.parent) return;
    var m = e.data || {};
    if (m.type === 'clear') { num.value=''; cvv.value=''; showErr(numErr, num, ''); showErr(cvvErr, cvv, ''); send(state()); return; }
    if (m.type === 'focus') { num.focus(); return; }
    if (m.type !== 'tokenize') return;
    var d = digits(num.value);
    if (!luhn(d)) { showErr(numErr, num, 'Check Credit Card Number'); send({ type:'error', id:m.id, field:'number' }); return; }
    if (digits(cvv.value).length < 3) { showErr(cvvErr, cvv, 'Enter the CVV'); send({ type:'error', id:m.id, field:'cvv' }); return; }
    fetch(tokenizeUrl, { method:'POST', headers:{ 'content-type':'application/json' }, credentials:'omit',
      body: JSON.stringify({ number: d, cvv: digits(cvv.value), expmonth: Number(m.expmonth), expyear: Number(m.expyear) }) })
      .then(function(r){ return r.json().then(function(b){ return { ok:r.ok, body:b }; }); })
      .then(function(res){
        if (res.ok) { send({ type:'tokenized', id:m.id, token:res.body.token, lastFour:res.body.lastFour, cardType:res.body.cardType }); return; }
        var field = res.body && res.body.field;
        if (field==='number') showErr(numErr, num, 'Check Credit Card Number');
        if (field==='cvv') showErr(cvvErr, cvv, res.body.message);
        send({ type:'error', id:m.id, field: field || 'unknown', message: res.body && res.body.message });
      })
      .catch(function(){ send({ type:'error', id:m.id, field:'unknown' }); });
  });
  if (window.ResizeObserver) new ResizeObserver(function(){ send({ type:'height', height: document.documentElement.scrollHeight }); }).observe(document.body);
  send({ type:'ready' }); send(state());
})();
`;

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(parentOrigin: string): string {
  return `<!doctype html><html lang="en" data-parent-origin="${escapeAttr(parentOrigin)}" data-tokenize-url="${SANDBOX_TOKENIZE_PATH}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Secure card fields</title><style>${STYLE}</style></head><body>
<form id="cc-form" autocomplete="on"><div class="row">
<div class="f num"><label for="cc-number">Card number</label><input id="cc-number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" aria-describedby="cc-number-error" aria-invalid="false" placeholder="1234 1234 1234 1234"><span class="err" id="cc-number-error" role="alert"></span></div>
<div class="f cvv"><label for="cc-cvv">CVV</label><input id="cc-cvv" name="cvc" inputmode="numeric" autocomplete="cc-csc" aria-describedby="cc-cvv-error" aria-invalid="false" placeholder="123"><span class="err" id="cc-cvv-error" role="alert"></span></div>
</div><div class="lock">Secured by the payment gateway · sandbox</div></form>
<script>${SCRIPT}</script></body></html>`;
}

export function originOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export const sandboxFieldsRoutes =
  (
    gateway: SandboxGateway,
    opts: { shopOrigins: (fieldsHostname: string) => string[] },
  ): FastifyPluginAsync =>
  async (app) => {
    const csp = (parentOrigin: string) =>
      [
        "default-src 'none'",
        `script-src ${hash(SCRIPT)}`,
        `style-src ${hash(STYLE)}`,
        "connect-src 'self'",
        `frame-ancestors ${parentOrigin}`,
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; ');

    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
    });

    app.get(SANDBOX_FIELDS_PATH, async (request, reply) => {
      // Framed by the shop only: the origin the page was asked for, when it is one of the shop's.
      const allowed = opts.shopOrigins(request.hostname);
      const asked = originOf((request.query as { origin?: string }).origin);
      const parentOrigin = asked && allowed.includes(asked) ? asked : allowed[0];
      if (!parentOrigin) return reply.code(404).send({ message: 'Not found' });
      return reply
        .header('content-security-policy', csp(parentOrigin))
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(page(parentOrigin));
    });

    app.post(SANDBOX_TOKENIZE_PATH, async (request, reply) => {
      const b = (request.body ?? {}) as Record<string, unknown>;
      if (typeof b.number !== 'string' || typeof b.cvv !== 'string')
        return reply.code(400).send({ field: 'number', message: 'Check Credit Card Number' });
      const result = await gateway.tokenize({
        number: b.number.slice(0, 40),
        cvv: b.cvv.slice(0, 8),
        expmonth: Number(b.expmonth),
        expyear: Number(b.expyear),
      });
      if (!result.ok) return reply.code(422).send({ field: result.field, message: result.message });
      return { token: result.token, lastFour: result.lastFour, cardType: result.cardType };
    });
  };

export interface SandboxFieldsServer {
  server: FastifyInstance;
  /** The port it listens on once listen() has run (null before). */
  port(): number | null;
  /** The origin the browser reaches the fields at, for a shop page at shopOrigin (null before listen()). */
  originFor(shopOrigin: string): string | null;
  listen(): Promise<void>;
}

/**
 * The sandbox's card fields on a listener of their own: no request log (a card number is in every tokenize
 * body), a small body limit, nothing but the page and the tokenizer. Its origin is SANDBOX_FIELDS_ORIGIN
 * when set (behind a proxy), else the shop's host name with this listener's port (SANDBOX_FIELDS_PORT; 0
 * picks a free one).
 */
export function createSandboxFieldsServer(
  gateway: SandboxGateway,
  opts: {
    host: string;
    port: number;
    /** SANDBOX_FIELDS_ORIGIN: the public origin of this listener, when a proxy stands in front of it. */
    publicOrigin?: string;
    /** The shop's public URL (PUBLIC_URL) and its listening port (PORT): the pages that may frame the fields. */
    shopUrl: string;
    shopPort: number;
    onListenError?: (err: Error) => void;
  },
): SandboxFieldsServer {
  const server = Fastify({ logger: false, bodyLimit: 4096 });
  let bound: number | null = null;
  const fixedOrigin = originOf(opts.publicOrigin);
  const shopOrigins = (fieldsHostname: string) => {
    const origins = [originOf(opts.shopUrl)];
    // the same machine name as the fields, at the shop's port (a developer's localhost, a test's 127.0.0.1)
    const host =
      fieldsHostname.includes(':') && !fieldsHostname.startsWith('[')
        ? `[${fieldsHostname}]`
        : fieldsHostname;
    origins.push(originOf(`http://${host}:${opts.shopPort}`), originOf(`https://${host}:${opts.shopPort}`));
    return [...new Set(origins.filter((o): o is string => Boolean(o)))];
  };
  void server.register(sandboxFieldsRoutes(gateway, { shopOrigins }));
  return {
    server,
    port: () => bound,
    originFor(shopOrigin) {
      if (fixedOrigin) return fixedOrigin;
      if (bound === null) return null;
      const shop = originOf(shopOrigin) ?? originOf(opts.shopUrl);
      if (!shop) return null;
      const url = new URL(shop);
      url.protocol = 'http:';
      url.port = String(bound);
      return url.origin;
    },
    async listen() {
      if (bound !== null) return;
      try {
        await server.listen({ port: opts.port, host: opts.host });
        const address = server.server.address();
        bound = typeof address === 'object' && address ? address.port : opts.port;
      } catch (err) {
        // another process of this shop holds a fixed SANDBOX_FIELDS_PORT: it serves the fields (the tokens are
        // in the shared database)
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && opts.port !== 0) {
          bound = opts.port;
          opts.onListenError?.(err as Error);
          return;
        }
        throw err;
      }
    },
  };
}
