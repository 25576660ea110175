import { z } from 'zod';

/** The secret of a mailed link (an invitation): 256 random bits in base64url, after the `#`. */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation link');

/** The query of a call that takes no query parameters: any parameter is refused. */
export const emptyQuerySchema = z.object({}).strict();
