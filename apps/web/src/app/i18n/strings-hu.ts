import callbacks from '../../features/callbacks/i18n/hu.json';
import chains from '../../features/chains/i18n/hu.json';
import credentialRefs from '../../features/credential-refs/i18n/hu.json';
import credentials from '../../features/credentials/i18n/hu.json';
import csc from '../../features/csc/i18n/hu.json';
import devices from '../../features/devices/i18n/hu.json';
import profile from '../../features/profile/i18n/hu.json';
import signatureProfiles from '../../features/signature-profiles/i18n/hu.json';
import quantumDemo from '../../features/quantum-demo/i18n/hu.json';
import signing from '../../features/signing/i18n/hu.json';
import users from '../../features/users/i18n/hu.json';
import validation from '../../features/validation/i18n/hu.json';
import common from '../../shared/i18n/hu.json';
import documentView from '../../shared/document-view/i18n/hu.json';
import signatureDrawer from '../../shared/signature-drawer/i18n/hu.json';
import app from './hu.json';
import type { en } from './strings-en';

/** Every namespace's Hungarian strings: a chunk of their own, loaded when Hungarian is used. */
export const hu: Record<keyof typeof en, object> = {
  common,
  app,
  users,
  profile,
  credentials,
  credentialRefs,
  chains,
  devices,
  csc,
  callbacks,
  signatureDrawer,
  documentView,
  signatureProfiles,
  signing,
  quantumDemo,
  validation,
};
