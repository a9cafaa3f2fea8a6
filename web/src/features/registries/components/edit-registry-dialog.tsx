import { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { editRegistrySchema, type EditRegistryInput } from '../../../../../core/registry/registry-schemas';
import { PhotoUpload } from '../../../components/photo-upload';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-fetch';
import { serverMessage } from '../../../lib/error-message';
import { useFocusFirstError } from '../../../lib/form-field';
import { useUnauthorizedRedirect } from '../../auth/lib/use-unauthorized-redirect';
import { useUpdateRegistry } from '../api/registry-actions';
import type { OwnerRegistryView } from '../api/types';
import { toDateInputValue } from '../lib/celebration-date';
import { RegistryDetailsFields } from './registry-details-fields';

const ID_PREFIX = 'edit-';
const TITLE_ID = 'edit-registry-title';
const FIELD_ORDER = ['childName', 'celebrationDate', 'personalMessage'] as const;

function valuesOf(registry: OwnerRegistryView): EditRegistryInput {
  return {
    childName: registry.childName,
    celebrationDate: toDateInputValue(registry.celebrationDate),
    personalMessage: registry.personalMessage ?? '',
    photoUrl: registry.photoUrl,
  };
}

interface EditRegistryDialogProps {
  registry: OwnerRegistryView;
  open: boolean;
  onClose: () => void;
}

/** Edit Registry: child's name, celebration date, personal message (optional) and photo. */
export function EditRegistryDialog({ registry, open, onClose }: EditRegistryDialogProps) {
  const { toast } = useToast();
  const updateRegistry = useUpdateRegistry();
  const onUnauthorized = useUnauthorizedRedirect();
  const [uploading, setUploading] = useState(false);

  const formik = useFormik<EditRegistryInput>({
    initialValues: valuesOf(registry),
    validationSchema: editRegistrySchema,
    onSubmit: async (values, helpers) => {
      try {
        await updateRegistry(registry.id, values);
        toast({ title: 'Registry updated', description: 'Your changes have been saved.' });
        onClose();
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Error', description: serverMessage(error, 'Failed to update registry'), variant: 'destructive' });
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  // Each opening starts from the registry as it is now (and only an opening resets the form).
  const latest = useRef(registry);
  useEffect(() => {
    latest.current = registry;
  }, [registry]);
  const { resetForm } = formik;
  useEffect(() => {
    if (open) resetForm({ values: valuesOf(latest.current) });
  }, [open, resetForm]);

  const busy = formik.isSubmitting;
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm" scroll="body">
      <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby={TITLE_ID}>
        <DialogTitle id={TITLE_ID}>Edit Registry</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <RegistryDetailsFields formik={formik} idPrefix={ID_PREFIX} disabled={busy} autoFocus />
          <PhotoUpload
            label="Photo (optional)"
            value={formik.values.photoUrl ? [formik.values.photoUrl] : []}
            onChange={(urls) => void formik.setFieldValue('photoUrl', urls[0] ?? null)}
            onUploadingChange={setUploading}
            photoAlt={() => `Photo of ${formik.values.childName.trim() || registry.childName}`}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || uploading}>
            {busy ? 'Saving…' : 'Save Changes'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
