/** Error bodies (RFC 9457 problem details) and the OAuth2 token reply of the contract. */
import { z } from 'zod';
import { CheckMessage } from '@shared/msc/billing-input';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const Problem = z
  .object({
    type: z.string().min(1),
    title: z.string().min(1),
    status: z.int().min(400).max(599),
    detail: z.string().optional(),
    instance: z.string().optional(),
    messages: z.array(CheckMessage).optional(),
  })
  .meta({ id: 'Problem', description: 'application/problem+json; check failures carry their messages.' });
export type Problem = z.infer<typeof Problem>;

export const TokenRequest = z
  .object({
    grant_type: z.literal('client_credentials', { message: 'muss client_credentials sein' }),
    client_id: z.string().min(1).optional(),
    client_secret: z.string().min(1).optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().regex(/^bearer$/i, { message: 'muss Bearer sein' }),
    expires_in: z.int().min(1),
    scope: z.string().optional(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** HTTP statuses the contract names, with the German title a clerk sees. */
export const PROBLEM_TITLES: Readonly<Record<number, string>> = {
  400: 'Ungültige Anfrage',
  401: 'Nicht angemeldet',
  403: 'Keine Berechtigung für diese Liegenschaft',
  404: 'Nicht gefunden',
  409: 'Konflikt mit dem aktuellen Stand',
  413: 'Anfrage zu groß',
  415: 'Falscher Inhaltstyp',
  429: 'Zu viele Anfragen',
  500: 'Interner Fehler des Messdienstes',
  501: 'Vom Messdienst nicht angeboten',
  503: 'Messdienst nicht erreichbar',
};
