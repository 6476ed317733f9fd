// The local stack's fake automation service (scripts/stack/automation.ts): what it received, and how
// it should answer. It listens on the API port + 5 unless STACK_AUTOMATION_PORT moves it.
import { API_URL } from './env';

export const AUTOMATION_URL = process.env.STACK_AUTOMATION_PORT
  ? `http://127.0.0.1:${process.env.STACK_AUTOMATION_PORT}`
  : `http://127.0.0.1:${Number(new URL(API_URL).port) + 5}`;

/** The fake's default answer for an idea titled `title` (scripts/stack/automation.ts DEFAULT_FEEDBACK). */
export const defaultFeedback = (title: string) =>
  `Pomysł „${title}” trafił do automatycznej analizy. Wkrótce otrzymasz ocenę.`;

export interface ReceivedIdea {
  body: {
    id: string;
    title: string;
    description: string;
    category: string;
    targetAudience: string;
    monetizationStrategy: string;
    imageUrls: string[];
    submittedBy: string;
    submittedAt: string;
  };
}

export async function receivedIdeas(title: string): Promise<ReceivedIdea[]> {
  const response = await fetch(`${AUTOMATION_URL}/api/received?title=${encodeURIComponent(title)}`);
  return (await response.json()) as ReceivedIdea[];
}

/** How the fake answers ideas whose title contains `titleContains` (the newest rule wins). */
export async function answerIdeas(rule: { titleContains: string; status?: number; feedback?: string | null }) {
  const response = await fetch(`${AUTOMATION_URL}/api/rules`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (!response.ok) throw new Error(`the fake automation service refused the rule: ${response.status}`);
}
