import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { PageTitle } from '../../../shared/components/page-title';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { chainFileName, personName } from '../signing-chain';

interface ChainSignHeaderProps {
  chain: Chain;
  title: string;
  /**
   * The intro sentence, given the names it tells (the chain's creator and its file) and, on the
   * signer's own chain, the translation context `own`: nobody asks her to sign it (issue 38 §12).
   */
  intro: (names: IntroNames) => string;
  /** The creator's comment on the chain, quoted below the intro (not on the clerk's screen). */
  showComment?: boolean;
}

/** What a signing screen's intro tells: `context` picks the sentence for the creator herself. */
export type IntroNames = {
  creator: string;
  fileName: string;
  context: 'own' | undefined;
};

/** The head of a one-chain signing screen: title with the file's name and downloads, intro. */
export function ChainSignHeader({
  chain,
  title,
  intro,
  showComment = false,
}: ChainSignHeaderProps) {
  const fileName = chainFileName(chain);
  const userId = useCurrentUser().data?.id;
  const context = userId !== undefined && chain.createdBy.id === userId ? 'own' : undefined;
  return (
    <>
      <PageTitle actions={<ChainDownloadButtons chain={chain} />}>
        {title}: <span data-testid="sign-file-name">{fileName}</span>
      </PageTitle>
      <Typography>{intro({ creator: personName(chain.createdBy), fileName, context })}</Typography>
      {showComment && chain.comment && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          “{chain.comment}”
        </Typography>
      )}
    </>
  );
}
