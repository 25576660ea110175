import { z } from 'zod';
import { linkTokenSchema } from './common';
import { emailMaxLength, minRecipientQueryLength, nameMaxLength } from './limits';
import { pageQuerySchema, pageSchema } from './paging';

/** Roles a user can hold; `user` is always present in answers (spec platform §3, §6). */
export const roles = ['admin', 'user', 'creator', 'signer', 'approver'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Roles an admin assigns in the user dialog. */
export const assignableRoles = ['creator', 'signer', 'admin', 'approver'] as const;
export const assignableRoleSchema = z.enum(assignableRoles);

export const userStatusSchema = z.enum(['ENABLED', 'SUSPENDED']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const localeSchema = z.enum(['EN', 'HU']);
export type Locale = z.infer<typeof localeSchema>;

/**
 * Which mails about chains a registered user wants (My profile, issue 26 §3): every one, only
 * "your turn" (and reminders), or none. Invitations to addresses without an account are not
 * affected: they have no profile.
 */
export const mailPreferences = ['ALL', 'YOUR_TURN', 'NONE'] as const;
export const mailPreferenceSchema = z.enum(mailPreferences);
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

export const emailSchema = z.string().trim().max(emailMaxLength).email('email must be valid');
export const personNameSchema = z.string().trim().min(1, 'Field is required').max(nameMaxLength);

export const userSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(roleSchema),
  status: userStatusSchema,
  locale: localeSchema,
  verified: z.boolean(),
  verificationMandatory: z.boolean(),
  createdAt: z.string(),
  /**
   * The owner proved the address (the sign-in provider vouches for it, or a Signet link mailed to
   * it was opened). Until then nothing addressed to it reaches the user, and the user mails no one.
   */
  emailConfirmed: z.boolean(),
  /** Which chain mails the user gets (issue 26 §3). */
  mailPreference: mailPreferenceSchema,
});
export type User = z.infer<typeof userSchema>;

/**
 * POST users (admin). A new user starts ENABLED with the default roles unless told otherwise,
 * with the names the admin typed (issue 25 §9).
 */
export const createUserSchema = z
  .object({
    email: emailSchema,
    firstName: personNameSchema.optional(),
    lastName: personNameSchema.optional(),
    roles: z.array(assignableRoleSchema).optional(),
    status: userStatusSchema.optional(),
    verificationMandatory: z.boolean().optional(),
    locale: localeSchema.default('EN'),
  })
  .strict();
export type CreateUser = z.infer<typeof createUserSchema>;

/** PUT users/{id} (admin). */
export const updateUserSchema = z
  .object({
    email: emailSchema,
    roles: z.array(assignableRoleSchema),
    status: userStatusSchema,
    verificationMandatory: z.boolean(),
    locale: localeSchema,
  })
  .partial()
  .strict();
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** PUT users/self: names, language and mail preference (My profile). */
export const updateSelfSchema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    locale: localeSchema,
    mailPreference: mailPreferenceSchema,
  })
  .partial()
  .strict();
export type UpdateSelf = z.infer<typeof updateSelfSchema>;

/** POST users/self/invitation: the token of a mailed invitation link (the part after `#`). */
export const acceptInvitationSchema = z.object({ token: linkTokenSchema }).strict();
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

export const userSortFields = ['id', 'name', 'status', 'email', 'createdAt'] as const;
export type UserSortField = (typeof userSortFields)[number];
export const userListQuerySchema = pageQuerySchema(userSortFields, 'name');
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userPageSchema = pageSchema(userSchema);
export type UserPage = z.infer<typeof userPageSchema>;

/** GET users/enabled: the admin's user picker. */
export const enabledUsersQuerySchema = z
  .object({
    q: z.string().max(255).optional(),
    maxResults: z.coerce.number().int().min(1).max(100).default(5),
  })
  .strict();
export type EnabledUsersQuery = z.infer<typeof enabledUsersQuerySchema>;
export const enabledUserSchema = userSchema.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
});
export const enabledUsersSchema = z.object({ items: z.array(enabledUserSchema) });
export type EnabledUser = z.infer<typeof enabledUserSchema>;

export const recipientQueryMessage = `Type at least ${minRecipientQueryLength} characters`;

/**
 * GET users/recipients: whom a creator may name in a chain (documents §5: 5 results). At least
 * three characters (issue 25 §7: the directory is not public): a name part or the start of an
 * address, or an exact address.
 */
export const recipientsQuerySchema = z
  .object({
    q: z.string().trim().min(minRecipientQueryLength, recipientQueryMessage).max(255),
    maxResults: z.coerce.number().int().min(1).max(5).default(5),
  })
  .strict();
export type RecipientsQuery = z.infer<typeof recipientsQuerySchema>;
/**
 * A recipient never shows roles (issue 25 §7); the role toggle (documents §4) learns only
 * whether the person may sign and approve.
 */
export const recipientSchema = userSchema
  .pick({ id: true, email: true, firstName: true, lastName: true })
  .extend({ canSign: z.boolean(), canApprove: z.boolean() });
export const recipientsSchema = z.object({ items: z.array(recipientSchema) });
export type Recipient = z.infer<typeof recipientSchema>;

export const defaultRolesSchema = z.object({ roles: z.array(roleSchema) });

/** GET users/self/stats (documents counts; zeros until documents exist). */
export const userStatsSchema = z.object({
  pendingCount: z.number().int(),
  todoCount: z.number().int(),
  failedCount: z.number().int(),
  signedCount: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const idParamsSchema = z.object({ id: z.string().uuid() }).strict();
