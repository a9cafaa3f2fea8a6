import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { GUEST_CSV_HEADINGS, MAX_GUESTS_PER_REGISTRY } from '@core/model/guest';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { visuallyHidden } from '@/lib/visually-hidden';
import { useGuestActions } from '@/features/guests/api/guest-list';

interface Refusal {
  message: string;
  /** Each bad line, as the server named it ("line 3"). */
  lines: [string, string][];
}

/**
 * A whole list pasted or chosen as a file (CSV, as a spreadsheet saves it). The server reads it
 * all or nothing, so a refusal lists each line to correct and the text stays to correct it in.
 */
export function ImportGuestsForm({ registryId }: { registryId: string }) {
  const { importList } = useGuestActions(registryId);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const helpId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const refusalId = useId();

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setText(await file.text());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setRefusal({ message: 'Paste your list or choose a file first', lines: [] });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await importList(text);
      const added = answer.added.length;
      const merged = answer.merged.length;
      toast({ title: 'Guests imported', description: `${added} added${merged > 0 ? `, ${merged} already on your list updated` : ''}.` });
      setText('');
    } catch (error) {
      if (onUnauthorized(error)) return;
      if (isApiError(error) && error.status === 400) setRefusal({ message: error.message, lines: Object.entries(error.fields ?? {}) });
      else
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to import the guests. Please try again.'),
          variant: 'destructive',
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="import-guests-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="import-guests-heading" variant="h2" sx={{ fontSize: '1.35rem' }}>
        Import a list
      </Typography>
      <Typography id={helpId} color="text.secondary">
        One guest per line, the cells separated by commas: {GUEST_CSV_HEADINGS}. Only name and email are needed. A first line naming the
        columns may put them in any order. Up to {MAX_GUESTS_PER_REGISTRY} guests; a guest already on your list is updated, not added twice.
      </Typography>
      <TextField
        id="guest-csv"
        label="Guest list (CSV)"
        multiline
        minRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={busy}
        slotProps={{ htmlInput: { 'aria-describedby': refusal ? `${helpId} ${refusalId}` : helpId, spellCheck: false } }}
        placeholder={'name,email,party size\nDora Levi,dora@example.com,2'}
      />
      {refusal && (
        <Alert id={refusalId} severity="error" role="alert">
          {refusal.message}
          {/* One bad line is named in the message itself. */}
          {refusal.lines.length > 1 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {refusal.lines.map(([line, why]) => (
                <li key={line}>
                  {line.replace(/^line/, 'Line')}: {why}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {/* A real button opens the picker: a label styled as one is not a button to a screen reader. */}
        <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => fileInputRef.current?.click()}>
          Choose a CSV file
        </Button>
        <input
          ref={fileInputRef}
          type="file"
          accept=".csv,text/csv"
          aria-label="Choose a CSV file"
          tabIndex={-1}
          disabled={busy}
          style={visuallyHidden}
          onChange={(event) => void chooseFile(event)}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Importing…' : 'Import Guests'}
        </Button>
      </Box>
    </Box>
  );
}
