import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintIcon from '@mui/icons-material/Print';
import { shortLinkOf } from '@/features/registries/lib/short-link';
import { useSiteOrigin } from '@/lib/site-origin';
import { useToast } from '@/components/toast';
import { RegistryQrCode } from './registry-qr-code';
import { TextInput } from '@/components/text-input';

/** docs/product.md#constants-and-limits: the Copy button reads 'Copied!' for 2 seconds. */
const COPY_CONFIRMATION_MS = 2000;

/** 'Share This Registry': the short link, a Copy button and a QR code of the link. */
interface ShareRegistryBoxProps {
  shortCode: string;
  childName: string;
  /** The owner's printable invitation insert; guests have none. */
  insertHref?: string | undefined;
}

export function ShareRegistryBox({ shortCode, childName, insertHref }: ShareRegistryBoxProps) {
  const { toast } = useToast();
  const headingId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const link = shortLinkOf(useSiteOrigin(), shortCode);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      inputRef.current?.select();
      toast({ title: 'Could not copy the link', description: 'The link is selected: copy it with your keyboard or menu.' });
      return;
    }
    toast({ title: 'Link copied!', description: 'Share it with your family and friends.' });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
        <Typography id={headingId} variant="h2">
          Share This Registry
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          Send this link to family and friends, or print the QR code on your invitations.
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, alignItems: { sm: 'flex-start' } }}>
          {/* A text area, so a link wider than a phone wraps and shows whole, short code included. */}
          <TextInput
            id={inputId}
            inputRef={inputRef}
            label="Registry link"
            value={link}
            size="small"
            multiline
            fullWidth
            htmlInput={{ readOnly: true, onFocus: (e: FocusEvent<HTMLTextAreaElement>) => e.currentTarget.select() }}
            sx={{ '& textarea': { overflowWrap: 'anywhere', wordBreak: 'break-all' } }}
          />
          <Button
            variant="contained"
            onClick={() => void copy()}
            startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
            sx={{ flexShrink: 0, minWidth: 120 }}
          >
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </Box>
        <Box sx={{ mt: 3 }}>
          <RegistryQrCode link={link} childName={childName} />
        </Box>
        {insertHref && (
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
            <Button variant="outlined" href={insertHref} startIcon={<PrintIcon />}>
              Print invitation insert
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
