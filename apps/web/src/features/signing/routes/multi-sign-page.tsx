import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../shared/components/toast';
import { PageTitle } from '../../../shared/components/page-title';
import { useSigningChains } from '../api/get-chain';
import { SignActions } from '../components/sign-actions';
import { SignatureOptions } from '../components/signature-options';
import { CredentialNote, SigningColumns } from '../components/signing-columns';
import { SigningPreview } from '../components/signing-preview';
import { defaultFieldBox } from '../signature-field';
import type { FieldBox } from '../signature-field';
import { chainFileName, listPath, previewDocumentId } from '../signing-chain';
import { useSignChoice } from '../use-sign-choice';
import { useSigningScreen } from '../use-signing-screen';

/** The chains My Documents (or the upload dialog) sent here, in the navigation's state. */
function chainIdsOf(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('chainIds' in state)) return [];
  const ids = (state as { chainIds: unknown }).chainIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Width of each chain's preview in the list. */
const cardPreviewWidth = 240;

/**
 * /document/multi/customization/ (MultiSignatureCustomization): the chains chosen in My Documents
 * signed at once with one credential and one key password (D§2 batch signing). The position set
 * on the first document is every chain's default; a chain may get a position of its own (its
 * badge says which). Without chains it returns to the list.
 */
export default function MultiSignPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [chainIds] = useState(() => chainIdsOf(location.state));
  const chains = useSigningChains(chainIds);

  useEffect(() => {
    if (chainIds.length === 0) void navigate(listPath, { replace: true });
  }, [chainIds, navigate]);

  if (chainIds.length === 0) return null;
  if (chains.some((c) => c.isPending)) return <CircularProgress />;
  // Only the chains the signer may sign now; the others are named and left out.
  const loaded = chains.flatMap((c) => (c.data ? [c.data] : []));
  return <MultiSignForm chains={loaded} missing={chainIds.length - loaded.length} />;
}

function MultiSignForm({ chains, missing }: { chains: Chain[]; missing: number }) {
  const { t } = useTranslation('signing');
  const toast = useToast();

  const signable = chains.filter((c) => c.currentSignatureId !== null && c.origDocument);
  const skipped = chains.length - signable.length + missing;
  const [defaultBox, setDefaultBox] = useState<FieldBox>(defaultFieldBox);
  const [ownBoxes, setOwnBoxes] = useState<Record<string, FieldBox>>({});
  const signChoice = useSignChoice(defaultBox, setDefaultBox);
  const { choice, blockers, image } = signChoice;
  const boxOf = (chain: Chain) => ownBoxes[chain.id] ?? defaultBox;

  const signing = useSigningScreen({
    fileNames: signable.map(chainFileName),
    credential: signChoice.credential,
    warning: signChoice.warning,
    screen: 'batch',
    request: () => ({
      ...signChoice.imageRequest,
      signatures: signable.map((chain) => ({
        signatureId: chain.id,
        currentSignatureId: chain.currentSignatureId ?? '',
        signatureFieldParameters: choice.visible ? boxOf(chain) : undefined,
      })),
    }),
    // Encrypted PDFs are not offered for batch signing; the server's answer says so.
    onPdfPasswordNeeded: () => toast.error(t('multi.encrypted')),
  });

  const [first] = signable;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('multi.title', { count: signable.length })}</PageTitle>
      {skipped > 0 && (
        <Alert severity="warning" data-testid="multi-skipped">
          {t('multi.skipped', { count: skipped })}
        </Alert>
      )}
      {signChoice.showCredentialNote && <CredentialNote />}
      <SigningColumns>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <SignatureOptions {...signChoice.optionProps} />
            <SignActions
              blocker={blockers[0] && t(`blockers.${blockers[0]}`)}
              onBack={signing.backToList}
              signLabel={t('actions.signAll')}
              disabled={blockers.length > 0 || signable.length === 0 || signing.isBusy}
              onSign={signing.begin}
            />
          </Stack>
        </Paper>
        {first && choice.visible && (
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1">{t('multi.defaultPosition')}</Typography>
            <SigningPreview
              documentId={previewDocumentId(first)}
              box={defaultBox}
              onBoxChange={setDefaultBox}
              image={image}
            />
          </Stack>
        )}
      </SigningColumns>
      <Typography variant="h6" component="h2">
        {t('multi.documents')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: `repeat(auto-fill, minmax(${cardPreviewWidth + 32}px, 1fr))`,
        }}
      >
        {signable.map((chain) => {
          const own = ownBoxes[chain.id];
          return (
            <Paper
              key={chain.id}
              variant="outlined"
              sx={{ p: 2, minWidth: 0 }}
              data-testid="multi-chain"
            >
              <Stack spacing={1}>
                <Typography noWrap title={chainFileName(chain)} sx={{ fontWeight: 500 }}>
                  {chainFileName(chain)}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    color={own ? 'secondary' : 'default'}
                    label={own ? t('multi.uniquePosition') : t('multi.defaultBadge')}
                    data-testid="multi-badge"
                    data-badge={own ? 'unique' : 'default'}
                  />
                  {choice.visible && (
                    <Button
                      size="small"
                      onClick={() =>
                        setOwnBoxes((boxes) => {
                          const next = { ...boxes };
                          if (own) delete next[chain.id];
                          else next[chain.id] = defaultBox;
                          return next;
                        })
                      }
                      data-testid="multi-own-position"
                    >
                      {own ? t('multi.useDefault') : t('multi.placeSeparately')}
                    </Button>
                  )}
                </Box>
                <SigningPreview
                  documentId={previewDocumentId(chain)}
                  box={choice.visible ? boxOf(chain) : null}
                  onBoxChange={
                    own
                      ? (box) => setOwnBoxes((boxes) => ({ ...boxes, [chain.id]: box }))
                      : undefined
                  }
                  image={image}
                  width={cardPreviewWidth}
                  testId="multi-preview"
                />
              </Stack>
            </Paper>
          );
        })}
      </Box>
      {signing.flowDialogs}
      {signing.warningDialog}
    </Stack>
  );
}
