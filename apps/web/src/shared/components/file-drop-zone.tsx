import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';

interface FileDropZoneProps {
  /** MIME types taken; others go to `onRejected`. */
  accept: readonly string[];
  onFiles: (files: File[]) => void;
  text: ReactNode;
  chooseLabel: string;
  testId: string;
  disabled?: boolean;
  multiple?: boolean;
}

/** A place to drop files or choose them, highlighted while something is dragged over it. */
export function FileDropZone({
  accept,
  onFiles,
  text,
  chooseLabel,
  testId,
  disabled = false,
  multiple = false,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <Paper
      variant="outlined"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid={testId}
      sx={{
        p: 3,
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : undefined,
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <UploadFileIcon color={disabled ? 'disabled' : 'primary'} sx={{ fontSize: 40 }} />
        <Typography color="text.secondary">{text}</Typography>
        <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
          {chooseLabel}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          multiple={multiple}
          accept={accept.join(',')}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Stack>
    </Paper>
  );
}
