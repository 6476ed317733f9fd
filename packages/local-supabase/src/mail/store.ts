// The caught messages, kept in memory in the shape of Mailpit's API (what `supabase start` runs on
// port 54324), so one mailbox helper reads mail from either local stack.
import { randomUUID } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface MailSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  Created: string;
  Username: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

export interface MailMessage extends Omit<MailSummary, 'Read' | 'Created' | 'Snippet' | 'Attachments'> {
  ReturnPath: string;
  Date: string;
  Text: string;
  HTML: string;
  Inline: never[];
  Attachments: { FileName: string; ContentType: string; Size: number }[];
}

interface Stored {
  summary: MailSummary;
  message: MailMessage;
  raw: Buffer;
}

export class MailStore {
  private readonly messages: Stored[] = [];

  add(parsed: ParsedMail, raw: Buffer, envelope: { from: string; to: string[]; username: string }): MailSummary {
    const id = randomUUID();
    const created = new Date().toISOString();
    const to = addresses(parsed.to);
    const common = {
      ID: id,
      MessageID: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
      From: addresses(parsed.from)[0] ?? { Name: '', Address: envelope.from },
      To: to.length ? to : envelope.to.map((address) => ({ Name: '', Address: address })),
      Cc: addresses(parsed.cc),
      Bcc: addresses(parsed.bcc),
      ReplyTo: addresses(parsed.replyTo),
      Subject: parsed.subject ?? '',
      Username: envelope.username,
      Tags: [],
      Size: raw.length,
    };
    const text = parsed.text ?? '';
    const summary: MailSummary = {
      ...common,
      Read: false,
      Created: created,
      Attachments: parsed.attachments.length,
      Snippet: text.replace(/\s+/g, ' ').trim().slice(0, 250),
    };
    const message: MailMessage = {
      ...common,
      ReturnPath: envelope.from,
      Date: (parsed.date ?? new Date()).toISOString(),
      Text: text,
      HTML: typeof parsed.html === 'string' ? parsed.html : '',
      Inline: [],
      Attachments: parsed.attachments.map((file) => ({
        FileName: file.filename ?? '',
        ContentType: file.contentType,
        Size: file.size,
      })),
    };
    this.messages.unshift({ summary, message, raw });
    return summary;
  }

  /** Newest first, as Mailpit lists them. */
  list(): MailSummary[] {
    return this.messages.map((stored) => stored.summary);
  }

  get(id: string): Stored | undefined {
    if (id === 'latest') return this.messages[0];
    return this.messages.find((stored) => stored.summary.ID === id);
  }

  markRead(id: string): void {
    const stored = this.get(id);
    if (stored) stored.summary.Read = true;
  }

  /** Deletes the given ids, or everything when none are given. Returns how many were removed. */
  delete(ids?: string[]): number {
    const before = this.messages.length;
    if (!ids?.length) {
      this.messages.length = 0;
      return before;
    }
    const doomed = new Set(ids);
    for (let index = this.messages.length - 1; index >= 0; index -= 1) {
      if (doomed.has((this.messages[index] as Stored).summary.ID)) this.messages.splice(index, 1);
    }
    return before - this.messages.length;
  }

  /** Mailpit's search subset: `to:`, `from:`, `subject:` (quoted values allowed) and plain words, all ANDed. */
  search(query: string): MailSummary[] {
    const terms = parseQuery(query);
    return this.messages.filter((stored) => terms.every((term) => matches(stored, term))).map((s) => s.summary);
  }
}

interface Term {
  field: 'to' | 'from' | 'subject' | 'text';
  value: string;
}

function parseQuery(query: string): Term[] {
  const terms: Term[] = [];
  const pattern = /(?:(to|from|subject):)?(?:"([^"]*)"|(\S+))/gi;
  for (const match of query.matchAll(pattern)) {
    const field = (match[1]?.toLowerCase() ?? 'text') as Term['field'];
    terms.push({ field, value: (match[2] ?? match[3] ?? '').toLowerCase() });
  }
  return terms;
}

/** Only the term's own field is built: a search runs over every stored message, often many times a second. */
function haystackOf(message: MailMessage, field: Term['field']): string {
  switch (field) {
    case 'to':
      return [...message.To, ...message.Cc, ...message.Bcc].map((a) => `${a.Name} ${a.Address}`).join(' ');
    case 'from':
      return `${message.From.Name} ${message.From.Address}`;
    case 'subject':
      return message.Subject;
    case 'text':
      return `${message.Subject} ${message.Text} ${message.HTML}`;
  }
}

function matches({ message }: Stored, term: Term): boolean {
  return haystackOf(message, term.field).toLowerCase().includes(term.value);
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((object) =>
    object.value.map((entry) => ({ Name: entry.name ?? '', Address: entry.address ?? '' })),
  );
}
