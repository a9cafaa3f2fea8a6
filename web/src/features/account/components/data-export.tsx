import { useState } from 'react';
import { format } from 'date-fns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AccountExportRequestView } from '@api/account';
import { LoadError } from '@/components/load-error';
import { useToast } from '@/components/toast';
import { serverMessage } from '@/lib/error-message';
import { downloadAccountExport, useAccountExports, useRequestAccountExport } from '@/features/account/api/account-api';

const FORMATS = [
  { format: 'json', label: 'JSON', download: 'Download as JSON', email: 'E-mail Me the JSON File' },
  { format: 'csv', label: 'CSV files (zip)', download: 'Download as CSV', email: 'E-mail Me the CSV Files' },
] as const;

function requestLine(request: AccountExportRequestView): string {
  const kind = request.format === 'json' ? 'JSON' : 'CSV files';
  const asked = format(new Date(request.requestedAt), 'MMM d, yyyy');
  if (request.status === 'ready' && request.expiresAt)
    return `${kind}, asked for on ${asked}: e-mailed; the link works until ${format(new Date(request.expiresAt), 'MMM d, yyyy')}.`;
  if (request.status === 'failed') return `${kind}, asked for on ${asked}: could not be made. Please ask again.`;
  return `${kind}, asked for on ${asked}: being prepared; we e-mail you a link within a few minutes.`;
}

/** Download your data: at once, or for a large account by an e-mailed link. */
export function DataExport() {
  const { toast } = useToast();
  const { data, error, mutate } = useAccountExports();
  const requestExport = useRequestAccountExport();
  const [busy, setBusy] = useState<string | null>(null);
  if (error) return <LoadError onRetry={() => void mutate()}>The export options could not be loaded.</LoadError>;
  if (!data) return <Typography color="text.secondary">Loading…</Typography>;

  const act = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const download = (choice: (typeof FORMATS)[number]) =>
    act(choice.format, async () => {
      try {
        const fileName = await downloadAccountExport(choice.format);
        toast({ title: 'Download started', description: fileName });
      } catch (failure) {
        toast({ title: 'Download failed', description: serverMessage(failure, 'Please try again.'), variant: 'destructive' });
        void mutate();
      }
    });
  const email = (choice: (typeof FORMATS)[number]) =>
    act(choice.format, async () => {
      try {
        await requestExport(choice.format);
        toast({ title: 'Export on its way', description: `We are preparing your ${choice.label} and will e-mail you a link.` });
      } catch (failure) {
        toast({ title: 'Could not ask for the export', description: serverMessage(failure, 'Please try again.'), variant: 'destructive' });
      }
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {data.atOnce ? (
        <Typography>
          JSON keeps everything in one file, for another service or a program; the CSV files (one per kind of record, in a zip) open in any
          spreadsheet.
        </Typography>
      ) : (
        <Alert severity="info">
          Your account holds {data.giftCount.toLocaleString('en-US')} gifts, more than the {data.atOnceMaxGifts.toLocaleString('en-US')} we
          put in a download at once. We prepare the file in the background and e-mail you a link, which works for {data.linkDays} days and
          only when you are signed in to this account.
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {FORMATS.map((choice) => (
          <Button
            key={choice.format}
            variant="outlined"
            disabled={busy !== null}
            onClick={() => void (data.atOnce ? download(choice) : email(choice))}
          >
            {data.atOnce ? choice.download : choice.email}
          </Button>
        ))}
      </Box>
      {data.exports.length > 0 && (
        <Box component="ul" aria-label="Exports asked for by e-mail" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
          {data.exports.slice(0, 5).map((request) => (
            <li key={request.id}>{requestLine(request)}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}
