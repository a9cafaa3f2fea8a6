import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { DEFAULT_CURRENCY } from '@core/money';
import { DEFAULT_CELEBRATION_TYPE } from '@core/model/celebration-title';
import { DEFAULT_HEBREW_CALENDAR } from '@core/model/hebrew-calendar';
import { createRegistrySchema, type CreateRegistryInput } from '@core/registry/registry-schemas';
import { paths } from '@core/page-paths';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { useFocusFirstError } from '@/lib/form-field';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useCreateRegistry } from '@/features/registries/api/registry-actions';
import { CharityChoiceField } from '@/features/registries/components/charity-choice-field';
import { CurrencyField } from '@/features/registries/components/currency-field';
import { RegistryDetailsFields } from '@/features/registries/components/registry-details-fields';
import { RegistryPhotoField } from '@/features/registries/components/registry-photo-field';
import { UnlistedField } from '@/features/registries/components/unlisted-field';

const initialValues: CreateRegistryInput = {
  childName: '',
  celebrationType: DEFAULT_CELEBRATION_TYPE,
  celebrationDate: '',
  hebrewCalendar: DEFAULT_HEBREW_CALENDAR,
  currency: DEFAULT_CURRENCY,
  personalMessage: '',
  photoUrl: null,
  preferredCharityId: '',
  allowCharityChoice: true,
  unlisted: false,
};

const FIELD_ORDER = [
  'childName',
  'celebrationType',
  'celebrationDate',
  'hebrewCalendar',
  'currency',
  'preferredCharityId',
  'personalMessage',
] as const;
const ID_PREFIX = 'create-';

/** /create-registry (signed in): the form of docs/product.md#create-registry. */
export default function CreateRegistryPage() {
  usePageTitle('Create Your Registry');
  const navigate = useNavigate();
  const { toast } = useToast();
  const createRegistry = useCreateRegistry();
  const onUnauthorized = useUnauthorizedRedirect();
  const [uploading, setUploading] = useState(false);

  const formik = useFormik<CreateRegistryInput>({
    initialValues,
    validationSchema: createRegistrySchema,
    onSubmit: async (values, helpers) => {
      try {
        const created = await createRegistry(values);
        toast({ title: 'Registry created', description: 'Share the link with your family and friends.' });
        navigate(paths.registry(created.id));
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Error', description: 'Failed to create registry. Please try again.', variant: 'destructive' });
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const busy = formik.isSubmitting;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1">Create Your Registry</Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, mb: { xs: 3, md: 4 } }}>
        Set up a gift registry for your child's Bar or Bat Mitzvah. Guests give online: 90% goes to your family and 10% to the charity you
        choose.
      </Typography>

      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Box
            component="form"
            noValidate
            onSubmit={formik.handleSubmit}
            aria-label="Create your registry"
            sx={{ display: 'grid', gap: 3 }}
          >
            <RegistryDetailsFields formik={formik} idPrefix={ID_PREFIX} disabled={busy} />

            <CurrencyField
              id={`${ID_PREFIX}currency`}
              value={formik.values.currency}
              onChange={(currency) => void formik.setFieldValue('currency', currency)}
              error={formik.touched.currency ? formik.errors.currency : undefined}
              disabled={busy}
            />

            <CharityChoiceField
              id={`${ID_PREFIX}preferredCharityId`}
              value={{ preferredCharityId: formik.values.preferredCharityId, allowCharityChoice: formik.values.allowCharityChoice }}
              onChange={(choice) => void formik.setValues({ ...formik.values, ...choice })}
              error={formik.submitCount > 0 || formik.touched.preferredCharityId ? formik.errors.preferredCharityId : undefined}
              disabled={busy}
            />

            <RegistryPhotoField
              value={formik.values}
              onChange={(photo) => void formik.setValues({ ...formik.values, ...photo })}
              onUploadingChange={setUploading}
              alt={`Photo of ${formik.values.childName.trim() || 'your child'}`}
              disabled={busy}
            />

            <UnlistedField
              id={`${ID_PREFIX}unlisted`}
              checked={formik.values.unlisted}
              onChange={(unlisted) => void formik.setFieldValue('unlisted', unlisted)}
              disabled={busy}
            />

            <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', gap: 1.5 }}>
              <Button variant="outlined" size="large" href={paths.home} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" size="large" disabled={busy || uploading}>
                {busy ? 'Creating…' : 'Create Registry'}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
