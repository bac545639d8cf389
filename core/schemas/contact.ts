// The contact form's fields and rules, shared by the page (checks as you type) and the API (the real check).
import { z } from 'zod';

export const contactTopics = {
  data: 'A question about the data',
  api: 'The data API',
  pricing: 'Pricing and the Pro plan',
  collaboration: 'Collaboration or a dataset proposal',
  press: 'Press',
  other: 'Something else',
} as const;

export type ContactTopic = keyof typeof contactTopics;

export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'Your name can have at most 100 characters'),
  email: z
    .string()
    .trim()
    .max(254, 'The e-mail address is too long')
    .pipe(z.email('Please enter a valid e-mail address')),
  topic: z.enum(Object.keys(contactTopics) as [ContactTopic, ...ContactTopic[]], 'Please choose a topic'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Your message can have at most 5,000 characters'),
  /** A field people never see: bots fill it in. */
  website: z.string().max(2000).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Field → first message, for showing next to each field. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<keyof ContactInput, string>> {
  const out: Partial<Record<keyof ContactInput, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in out)) out[key as keyof ContactInput] = issue.message;
  }
  return out;
}
