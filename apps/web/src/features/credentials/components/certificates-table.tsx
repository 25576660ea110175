import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@signet/contracts/credentials';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { certificateRank } from '../certificate-ranking';

interface CertificatesTableProps {
  certificates: readonly Certificate[];
  isEditing: boolean;
  onDownload: (certificate: Certificate) => void;
  onDelete: (index: number) => void;
  onMove: (from: number, to: number) => void;
}

function RankChip({ index, count }: { index: number; count: number }) {
  const { t } = useTranslation('credentials');
  const rank = certificateRank(index, count);
  const label =
    rank.kind === 'intermediate'
      ? t('certificates.intermediate', { index: rank.index })
      : t(`certificates.${rank.kind}`);
  return (
    <Chip
      size="small"
      label={label}
      color={rank.kind === 'endUser' ? 'primary' : 'default'}
      variant={rank.kind === 'root' ? 'outlined' : 'filled'}
      data-testid="certificate-rank"
    />
  );
}

/**
 * The chain, end user first (spec platform §2): ranking, subject, issuer, validity, serial, days
 * left; in edit mode rows can be dragged (or moved with the arrows, for touch) and deleted.
 */
export function CertificatesTable(props: CertificatesTableProps) {
  const { certificates, isEditing } = props;
  const { t } = useTranslation('credentials');
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const count = certificates.length;
  const isWide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const columnCount = isCompact ? 3 : isWide ? 8 : 6;

  return (
    <Paper variant="outlined">
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="certificates-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('certificates.ranking')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('details.issuedTo')}</TableCell>
              {!isCompact && (
                <TableCell sx={{ fontWeight: 600 }}>{t('details.issuedBy')}</TableCell>
              )}
              {isWide && (
                <>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {t('details.validFrom')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {t('details.validTo')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('details.serialNumber')}</TableCell>
                </>
              )}
              {!isCompact && !isWide && (
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {t('details.validFrom')} / {t('details.validTo')}
                </TableCell>
              )}
              {!isCompact && (
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  {t('details.daysLeft')}
                </TableCell>
              )}
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('columns.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {count === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {t('certificates.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {certificates.map((certificate, index) => {
              const name = certificate.issuedTo;
              return (
                <TableRow
                  key={`${certificate.serialNum}-${certificate.issuedBy}-${index}`}
                  data-testid="certificate-row"
                  draggable={isEditing}
                  onDragStart={(event) => {
                    setDragIndex(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                  }}
                  onDragOver={(event) => {
                    if (dragIndex === null) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    setOverIndex(index);
                  }}
                  onDragLeave={() =>
                    setOverIndex((current) => (current === index ? null : current))
                  }
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragIndex !== null) props.onMove(dragIndex, index);
                    setDragIndex(null);
                    setOverIndex(null);
                  }}
                  onDragEnd={() => {
                    setDragIndex(null);
                    setOverIndex(null);
                  }}
                  sx={{
                    cursor: isEditing ? 'grab' : undefined,
                    opacity: dragIndex === index ? 0.5 : 1,
                    outline: overIndex === index && dragIndex !== index ? '2px dashed' : 'none',
                    outlineColor: 'primary.main',
                  }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      {isEditing && (
                        <DragIndicatorIcon
                          fontSize="small"
                          color="action"
                          aria-label={t('certificates.dragHandle', { name })}
                        />
                      )}
                      <RankChip index={index} count={count} />
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <Typography variant="body2" data-testid="certificate-issued-to">
                      {certificate.issuedTo}
                    </Typography>
                    {isCompact && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('details.issuedBy')}: {certificate.issuedBy}
                        <br />
                        {formatDateTime(certificate.validFrom)} –{' '}
                        {formatDateTime(certificate.validTo)} ({certificate.daysLeft})
                      </Typography>
                    )}
                    {!isWide && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                      >
                        {certificate.serialNum}
                      </Typography>
                    )}
                  </TableCell>
                  {!isCompact && (
                    <TableCell sx={{ minWidth: 140 }}>{certificate.issuedBy}</TableCell>
                  )}
                  {isWide && (
                    <>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(certificate.validFrom)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(certificate.validTo)}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                        {certificate.serialNum}
                      </TableCell>
                    </>
                  )}
                  {!isCompact && !isWide && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(certificate.validFrom)}
                      <br />
                      {formatDateTime(certificate.validTo)}
                    </TableCell>
                  )}
                  {!isCompact && (
                    <TableCell
                      align="right"
                      sx={{ color: certificate.daysLeft < 0 ? 'error.main' : undefined }}
                    >
                      {certificate.daysLeft}
                    </TableCell>
                  )}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: '1%' }}>
                    {isEditing && (
                      <>
                        <Tooltip title={t('certificates.moveUp', { name })}>
                          <span>
                            <IconButton
                              size="small"
                              aria-label={t('certificates.moveUp', { name })}
                              disabled={index === 0}
                              onClick={() => props.onMove(index, index - 1)}
                            >
                              <ArrowUpwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={t('certificates.moveDown', { name })}>
                          <span>
                            <IconButton
                              size="small"
                              aria-label={t('certificates.moveDown', { name })}
                              disabled={index === count - 1}
                              onClick={() => props.onMove(index, index + 1)}
                            >
                              <ArrowDownwardIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </>
                    )}
                    <Tooltip title={t('certificates.download', { name })}>
                      <IconButton
                        size="small"
                        aria-label={t('certificates.download', { name })}
                        onClick={() => props.onDownload(certificate)}
                      >
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {isEditing && (
                      <Tooltip title={t('certificates.delete', { name })}>
                        <IconButton
                          size="small"
                          aria-label={t('certificates.delete', { name })}
                          onClick={() => props.onDelete(index)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
