// profiles/: Signature profiles, their images and the visible signature they draw. Its public face:
// what the rest of the service may use of it.
export { chainSignatureAppearance, profileSigningCredential } from './sign-appearance';
export type { AppearanceSettings } from './signature-appearance';
export { signatureProfileRoutes } from './signature-profile-routes';
export { deleteProfilesOfUser } from './signature-profile-store';
