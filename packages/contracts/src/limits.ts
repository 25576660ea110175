/** Business constants and limits (spec platform §9, documents §9). */
export const pageSizes = [10, 25, 50] as const;
export const defaultPageSize = 10;
export const apiTimeoutMs = 30_000;
export const heartbeatIntervalMs = 15_000;
export const heartbeatLossMs = 31_000;
export const mobileWarningMaxWidth = 600;
export const drawerWidth = 270;
export const toastMaxWidth = 378;
export const userDialogWidth = 496;
export const versionHideMs = 2_000;
export const debounceMs = 500;
export const autocompleteResults = 5;
export const cookieMaxAgeSeconds = 31_536_000;
export const nameMaxLength = 255;
export const emailMaxLength = 254;
/** Largest JSON body any call accepts (documents go through their own upload limit). */
export const maxJsonBodyBytes = 1_048_576;
/** Most participants (signers and viewers together) one chain may name (issue 25 §5). */
export const maxChainParticipants = 100;
/** Shortest recipient search (issue 25 §7): fewer characters would list the directory. */
export const minRecipientQueryLength = 3;
/** Chains one multi-select download (`POST documents/files`) takes: one zip, streamed. */
export const maxDownloadChains = 50;
