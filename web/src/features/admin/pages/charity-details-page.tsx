import { useEffect, useId, useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { charityDetailsSchema } from '@core/charity/charity-details-schema';
import { CHARITY_COUNTRIES } from '@core/model/charity';
import { FormDialog } from '@/components/form-dialog';
import { LoadError } from '@/components/load-error';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import {
  useAdminCharities,
  useUpdateCharityDetails,
  type AdminCharityView,
  type CharityDetailsView,
} from '@/features/admin/api/admin-charities';
import { AdminPage, AdminSection, EmptyState, Field, Loading } from '@/features/admin/components/admin-ui';

export const PAGE_TITLE = 'Charity Details';
const MISSING = 'Receipts not issued: details missing';
const ID_PREFIX = 'charity-details-';
const FIELD_ORDER = ['legalName', 'country', 'taxId', 'address', 'agreementDate'] as const;
const COUNTRY_NAMES: Record<CharityDetailsView['country'], string> = { US: 'United States', CA: 'Canada' };
const EMPTY: CharityDetailsView = { legalName: '', country: 'US', taxId: '', address: '', agreementDate: '' };

/**
 * /admin/charities (admins): each charity's legal name, country, tax id, address and the date its
 * agreement with us was recorded, which every receipt in its name states. A charity without them
 * gets no receipts issued by us: its donors are told it sends its own.
 */
export default function CharityDetailsPage() {
  usePageTitle(PAGE_TITLE);
  const onUnauthorized = useUnauthorizedRedirect();
  const { charities, error, mutate } = useAdminCharities();
  const [editing, setEditing] = useState<AdminCharityView | null>(null);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const missing = charities?.filter((charity) => !charity.receiptsIssued).length ?? 0;
  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="Gifts over $200 come with a receipt for the charity’s 10%, issued by us as the charity’s agent, once the charity’s legal details and the date of its agreement with us are recorded here."
    >
      <AdminSection id="charity-details-heading" title="Charities">
        {error ? (
          <LoadError onRetry={() => void mutate()}>We couldn't load the charities.</LoadError>
        ) : !charities ? (
          <Loading label="Loading charities…" />
        ) : charities.length === 0 ? (
          <EmptyState>No charities yet.</EmptyState>
        ) : (
          <>
            <Typography>
              {missing === 0
                ? 'Every charity has its details on file.'
                : `${missing} of ${charities.length} charities have details missing.`}
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {charities.map((charity) => (
                <CharityItem key={charity.id} charity={charity} onEdit={() => setEditing(charity)} />
              ))}
            </Box>
          </>
        )}
      </AdminSection>
      <CharityDetailsDialog charity={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}

function CharityItem({ charity, onEdit }: { charity: AdminCharityView; onEdit: () => void }) {
  const nameId = useId();
  const { details } = charity;
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography id={nameId} component="h3" variant="h4" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {charity.name}
          </Typography>
          {/* As the payout badges: gold with dark text, or green with white, both above 4.5:1. */}
          <Chip
            size="small"
            label={details ? 'Receipts issued' : MISSING}
            sx={{
              maxWidth: '100%',
              fontWeight: 700,
              ...(details
                ? { bgcolor: 'success.main', color: 'success.contrastText' }
                : { bgcolor: 'secondary.main', color: 'secondary.contrastText' }),
            }}
          />
        </Box>
        {details && (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
          >
            <Field label="Legal name">{details.legalName}</Field>
            <Field label={details.country === 'US' ? 'EIN' : 'Registration number'}>{details.taxId}</Field>
            <Field label="Country">{COUNTRY_NAMES[details.country]}</Field>
            <Field label="Agreement recorded">{details.agreementDate}</Field>
            <Field label="Address">
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {details.address}
              </Box>
            </Field>
          </Box>
        )}
        <Box>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit} aria-describedby={nameId}>
            {details ? 'Edit Details' : 'Add Details'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function CharityDetailsDialog({ charity, onClose }: { charity: AdminCharityView | null; onClose: () => void }) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const update = useUpdateCharityDetails();
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik<CharityDetailsView>({
    initialValues: EMPTY,
    validationSchema: charityDetailsSchema,
    onSubmit: async (values, helpers) => {
      if (!charity) return;
      setFailure(null);
      try {
        await update(charity.id, values);
        toast({ title: 'Details Saved', description: `Receipts for gifts over $200 to ${charity.name} now state these details.` });
        onClose();
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        setFailure(serverMessage(error, 'The details could not be saved. Please try again.'));
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);
  const { resetForm } = formik;
  useEffect(() => {
    if (charity) {
      resetForm({ values: charity.details ?? EMPTY });
      setFailure(null);
    }
  }, [charity, resetForm]);

  const busy = formik.isSubmitting;
  const field = (name: keyof CharityDetailsView) => fieldProps(formik, name, ID_PREFIX);
  const isUs = formik.values.country === 'US';
  return (
    <FormDialog
      open={charity !== null}
      title="Charity Details"
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel="Save Details"
      busyLabel="Saving…"
    >
      {charity && (
        <DialogContentText>What every receipt in {charity.name}’s name states, as the tax authorities know the charity.</DialogContentText>
      )}
      <TextField
        {...field('legalName')}
        label="Legal name"
        required
        autoFocus
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField {...field('country')} label="Country" required select disabled={busy} slotProps={{ select: { native: true } }}>
        {CHARITY_COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {COUNTRY_NAMES[country]}
          </option>
        ))}
      </TextField>
      <TextField
        {...field('taxId')}
        label={isUs ? 'EIN' : 'Registration number'}
        required
        disabled={busy}
        helperText={
          field('taxId').helperText ??
          (isUs ? 'Nine digits, written 12-3456789.' : 'Nine digits, RR and four digits, written 123456789RR0001.')
        }
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <TextField
        {...field('address')}
        label="Address"
        required
        multiline
        minRows={3}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <TextField
        {...field('agreementDate')}
        label="Agreement recorded on"
        type="date"
        required
        disabled={busy}
        helperText={field('agreementDate').helperText ?? 'The day the charity’s agreement with us was recorded.'}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
    </FormDialog>
  );
}
