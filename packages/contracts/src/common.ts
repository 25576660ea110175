import { z } from 'zod';

/** The query of a call that takes no query parameters: any parameter is refused. */
export const emptyQuerySchema = z.object({}).strict();
