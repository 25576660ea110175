import callbacks from '../../features/callbacks/i18n/en.json';
import chains from '../../features/chains/i18n/en.json';
import credentialRefs from '../../features/credential-refs/i18n/en.json';
import credentials from '../../features/credentials/i18n/en.json';
import csc from '../../features/csc/i18n/en.json';
import devices from '../../features/devices/i18n/en.json';
import profile from '../../features/profile/i18n/en.json';
import signatureProfiles from '../../features/signature-profiles/i18n/en.json';
import quantumDemo from '../../features/quantum-demo/i18n/en.json';
import signing from '../../features/signing/i18n/en.json';
import users from '../../features/users/i18n/en.json';
import validation from '../../features/validation/i18n/en.json';
import common from '../../shared/i18n/en.json';
import documentView from '../../shared/document-view/i18n/en.json';
import signatureDrawer from '../../shared/signature-drawer/i18n/en.json';
import app from './en.json';

/** Every namespace's English strings: in the app's code (English is the fallback language). */
export const en = {
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
