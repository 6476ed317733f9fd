import assert from 'node:assert/strict';
import {
  emailVariables,
  escapeHtml,
  fillPlaceholders,
  previewVariables,
  renderTemplate,
  SENDER_VARIABLE_EXAMPLES,
} from './render.ts';

const hostile = `<script>alert("x")</script> O'Brien & Co`;

Deno.test('renderTemplate fills subject, HTML and text, tolerating spaces inside the braces', () => {
  const rendered = renderTemplate(
    {
      subject: 'Witaj {{ fname }}',
      html_content: '<p>Cześć {{fname}}, <a href="{{  activate }}">aktywuj</a></p>',
      text_content: 'Cześć {{fname}}\n{{activate}}',
    },
    { fname: 'Anna Nowak', activate: 'http://127.0.0.1:5173/activate?token=abc&x=1' },
  );
  assert.deepEqual(rendered, {
    subject: 'Witaj Anna Nowak',
    html: '<p>Cześć Anna Nowak, <a href="http://127.0.0.1:5173/activate?token=abc&amp;x=1">aktywuj</a></p>',
    text: 'Cześć Anna Nowak\nhttp://127.0.0.1:5173/activate?token=abc&x=1',
  });
});

Deno.test('renderTemplate escapes values in HTML only', () => {
  const rendered = renderTemplate(
    { subject: 'Dla {{fname}}', html_content: '<p title="{{fname}}">{{fname}}</p>', text_content: '{{fname}}' },
    { fname: hostile },
  );
  const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co';
  assert.equal(rendered.html, `<p title="${escaped}">${escaped}</p>`);
  assert.ok(!rendered.html.includes('<script>'));
  assert.equal(rendered.text, hostile);
  assert.equal(rendered.subject, `Dla ${hostile}`);
});

Deno.test('renderTemplate leaves unknown placeholders empty, prototype names included', () => {
  const rendered = renderTemplate(
    { subject: '[{{missing}}]', html_content: '{{constructor}}|{{__proto__}}|{{toString}}', text_content: null },
    {},
  );
  assert.deepEqual(rendered, { subject: '[]', html: '||' });
});

Deno.test('renderTemplate does not expand placeholders found inside values', () => {
  const rendered = renderTemplate(
    { subject: '{{fname}}', html_content: '{{fname}} {{secret}}', text_content: '{{fname}}' },
    { fname: '{{secret}}', secret: 'S' },
  );
  assert.deepEqual(rendered, { subject: '{{secret}}', html: '{{secret}} S', text: '{{secret}}' });
});

Deno.test('renderTemplate keeps the subject on one line', () => {
  const rendered = renderTemplate(
    { subject: 'Witaj {{fname}}', html_content: 'x', text_content: null },
    { fname: 'Anna\r\nBcc: eve@example.com' },
  );
  assert.equal(rendered.subject, 'Witaj Anna Bcc: eve@example.com');
});

Deno.test('renderTemplate omits the text part when the template has none', () => {
  assert.equal('text' in renderTemplate({ subject: 's', html_content: 'h', text_content: null }, {}), false);
  assert.equal('text' in renderTemplate({ subject: 's', html_content: 'h', text_content: '' }, {}), false);
});

Deno.test('escapeHtml and fillPlaceholders', () => {
  assert.equal(escapeHtml(`&<>"'`), '&amp;&lt;&gt;&quot;&#39;');
  assert.equal(fillPlaceholders('{{a}}-{{ a }}-{{a }}-{a}', { a: '1' }), '1-1-1-{a}');
});

Deno.test("emailVariables: the sender's fname, overridden by the action's own variables", () => {
  assert.deepEqual(emailVariables('Anna Nowak', { link: 'L' }), { fname: 'Anna Nowak', link: 'L' });
  assert.deepEqual(emailVariables('Anna Nowak', { fname: 'X' }), { fname: 'X' });
});

Deno.test('previewVariables fills {{fname}} as the e-mail does, even when the template does not declare it', () => {
  const template = { subject: 'Witaj {{fname}}', html_content: '<p>{{fname}}: {{link}}</p>', text_content: null };
  assert.deepEqual(renderTemplate(template, previewVariables([{ name: 'link', example: 'https://x/?a=1&b=2' }])), {
    subject: 'Witaj Anna Nowak',
    html: '<p>Anna Nowak: https://x/?a=1&amp;b=2</p>',
  });
  assert.deepEqual(
    previewVariables([
      { name: 'fname', example: 'Jan' },
      { name: 'token', example: '' },
    ]),
    {
      fname: 'Jan',
    },
  );
  assert.deepEqual(previewVariables([{ name: 'fname', example: null }]), SENDER_VARIABLE_EXAMPLES);
});
