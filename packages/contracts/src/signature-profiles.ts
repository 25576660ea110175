import { z } from 'zod';
import { nameMaxLength } from './limits';
import { pageQuerySchema, pageSchema } from './paging';
import { imageDataUrlSchema, signatureFieldParametersSchema } from './signatures';

/**
 * Signature profiles and the admin's visible-signature background (spec documents §2, §3, §5,
 * §7 `users/self/signatureProfiles`, `signatures/visibleSignature/*`, §9), under `/rdss/v1/`.
 */

export const signatureProfileMessages = {
  required: 'Field is required',
  nameSize: `Size must be between 1 and ${nameMaxLength} characters`,
  imageOrText: 'Add an image or an image text',
  notAnImage: 'A PNG or JPEG image',
  imageTooLarge: 'The image is too large',
  notYourCredential: 'Not one of your credentials',
  textSize: 'Size must be between 0 and 255 characters',
} as const;
const m = signatureProfileMessages;

/** The fonts of D§9 a profile's image text may use (self-hosted by the web app). */
export const profileFonts = [
  'Kolker Brush',
  'WindSong',
  'Dancing Script',
  'Caveat',
  'Sacramento',
  'Playwrite HR',
] as const;
export const profileFontSchema = z.enum(profileFonts);
export type ProfileFont = z.infer<typeof profileFontSchema>;
export const defaultProfileFont: ProfileFont = 'Kolker Brush';

/** The text-to-image ratio slider (D§5, §9): 1 to 100, default 24. */
export const textRatioLimits = { min: 1, max: 100, default: 24 } as const;

/** The live preview and the rendered profile image: 600×200, 10 % padding, image on the left half. */
export const profilePreview = { width: 600, height: 200, padding: 0.1 } as const;

/** Largest image of a profile or of the background (D§5, §9; the server's limit is config). */
export const defaultMaxProfileImageBytes = 1_048_576;

/** A colour as the spec sends it (D§3 "red/green/blue"). */
export const rgbSchema = z
  .object({
    red: z.number().int().min(0).max(255),
    green: z.number().int().min(0).max(255),
    blue: z.number().int().min(0).max(255),
  })
  .strict();
export type Rgb = z.infer<typeof rgbSchema>;

export const black: Rgb = { red: 0, green: 0, blue: 0 };
export const white: Rgb = { red: 255, green: 255, blue: 255 };

/** `#rrggbb` → red/green/blue (the colour pickers' value). */
export function rgbOfHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return { ...black };
  const [, r = '0', g = '0', b = '0'] = match;
  return { red: parseInt(r, 16), green: parseInt(g, 16), blue: parseInt(b, 16) };
}

/** red/green/blue → `#rrggbb`. */
export function hexOfRgb(rgb: Rgb): string {
  return `#${[rgb.red, rgb.green, rgb.blue].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The profile's image text and how it is drawn (D§3 textParams). */
export const textParamsSchema = z
  .object({
    text: z.string().trim().max(255, m.textSize).default(''),
    /** The text ratio of the slider (1–100). */
    size: z
      .number()
      .int()
      .min(textRatioLimits.min)
      .max(textRatioLimits.max)
      .default(textRatioLimits.default),
    font: profileFontSchema.default(defaultProfileFont),
    textColor: rgbSchema.default(black),
    /** Transparent when absent. */
    backgroundColor: rgbSchema.nullable().default(null),
  })
  .strict();
export type TextParams = z.infer<typeof textParamsSchema>;
export type TextParamsInput = z.input<typeof textParamsSchema>;

/** A saved position of the visible signature (D§3 savedSignatureFieldParameters). */
export const savedSignatureFieldParametersSchema = signatureFieldParametersSchema;

const profileFields = {
  name: z.string().trim().min(1, m.nameSize).max(nameMaxLength, m.nameSize),
  /** An own credential of the rSSP that signs with this profile (or `credentialRefId`). */
  credentialId: z.string().uuid().optional(),
  /** An own imported credential (a CSC provider's key, D§3) that signs with this profile. */
  credentialRefId: z.string().uuid().optional(),
  /** The image as dropped or drawn; null for a text-only profile. */
  sourceImageDataUrl: imageDataUrlSchema.nullable().default(null),
  /**
   * The preview the web app rendered (600×200: the image on the left half, the text in its
   * font on the right): what the profile image calls answer and what a signature shows.
   */
  renderedImageDataUrl: imageDataUrlSchema.nullable().default(null),
  textParams: textParamsSchema.default({
    text: '',
    size: textRatioLimits.default,
    font: defaultProfileFont,
    textColor: black,
    backgroundColor: null,
  }),
  savedSignatureFieldParameters: savedSignatureFieldParametersSchema.nullable().default(null),
};

/** `POST users/self/signatureProfiles` and `PUT …/{id}` (the whole profile each time). */
export const signatureProfileInputSchema = z
  .object(profileFields)
  .strict()
  .superRefine((value, ctx) => {
    // Exactly one credential: the rSSP's own or an imported one (D§3).
    if ((value.credentialId === undefined) === (value.credentialRefId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['credentialId'], message: m.required });
    }
    if (!value.sourceImageDataUrl && !value.renderedImageDataUrl && !value.textParams.text) {
      ctx.addIssue({ code: 'custom', path: ['sourceImageDataUrl'], message: m.imageOrText });
    }
  });
export type SignatureProfileInput = z.infer<typeof signatureProfileInputSchema>;
export type SignatureProfileInputValues = z.input<typeof signatureProfileInputSchema>;

/** A profile in a list: everything but the images (`hasImage` says whether it has one). */
export const signatureProfileSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  credentialId: z.string().uuid().nullable(),
  /** The imported credential the profile signs with (then `credentialId` is null). */
  credentialRefId: z.string().uuid().nullable(),
  hasImage: z.boolean(),
  textParams: textParamsSchema,
  savedSignatureFieldParameters: savedSignatureFieldParametersSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SignatureProfileSummary = z.infer<typeof signatureProfileSummarySchema>;

/** One profile with its images (`GET …/{id}`, and the create and update answers). */
export const signatureProfileSchema = signatureProfileSummarySchema.extend({
  sourceImageDataUrl: imageDataUrlSchema.nullable(),
  renderedImageDataUrl: imageDataUrlSchema.nullable(),
});
export type SignatureProfile = z.infer<typeof signatureProfileSchema>;

export const signatureProfileSortFields = ['name', 'createdAt', 'updatedAt'] as const;
/** `GET users/self/signatureProfiles`: q (name contains), paging from 1; page-size 0 answers the total. */
export const signatureProfileListQuerySchema = pageQuerySchema(signatureProfileSortFields, 'name');
export type SignatureProfileListQuery = z.infer<typeof signatureProfileListQuerySchema>;
export type SignatureProfileListQueryInput = z.input<typeof signatureProfileListQuerySchema>;

export const signatureProfilePageSchema = pageSchema(signatureProfileSummarySchema);
export type SignatureProfilePage = z.infer<typeof signatureProfilePageSchema>;

/** Most profiles `GET users/self/signatureProfiles/by-user` answers (every one of a user's). */
export const maxProfilesByUser = 500;

export const signatureProfileIdParamsSchema = z.object({ id: z.string().uuid() }).strict();

/** `GET/PUT signatures/visibleSignature/adminProps`: the background behind every visible signature. */
export const visibleSignatureAdminPropsSchema = z
  .object({
    /** PNG or JPEG drawn behind the signature, covering its box; null for none. */
    bgImageDataUrl: imageDataUrlSchema.nullable().default(null),
    /** The colour behind everything; white by default. */
    bgColor: rgbSchema.default(white),
  })
  .strict();
export type VisibleSignatureAdminProps = z.infer<typeof visibleSignatureAdminPropsSchema>;
export type VisibleSignatureAdminPropsInput = z.input<typeof visibleSignatureAdminPropsSchema>;
