import { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { editRegistrySchema, type EditRegistryInput } from '@core/registry/registry-schemas';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useUpdateRegistry } from '@/features/registries/api/registry-actions';
import type { ManagerRegistryView } from '@api/registries';
import { toDateInputValue } from '@/lib/celebration-date';
import { RegistryDetailsFields } from './registry-details-fields';
import { RegistryPhotoField } from './registry-photo-field';
import { UnlistedField } from './unlisted-field';

const ID_PREFIX = 'edit-';
const FIELD_ORDER = ['childName', 'celebrationType', 'celebrationDate', 'hebrewCalendar', 'personalMessage'] as const;

function valuesOf(registry: ManagerRegistryView): EditRegistryInput {
  return {
    childName: registry.childName,
    celebrationType: registry.celebrationType,
    celebrationDate: toDateInputValue(registry.celebrationDate),
    hebrewCalendar: registry.hebrewCalendar,
    personalMessage: registry.personalMessage ?? '',
    photoUrl: registry.photoUrl,
    // Sent only with a photo: without one the point means nothing.
    ...(registry.photoUrl ? { photoFocusX: registry.photoFocusX, photoFocusY: registry.photoFocusY } : {}),
    unlisted: registry.unlisted,
  };
}

interface EditRegistryDialogProps {
  registry: ManagerRegistryView;
  open: boolean;
  onClose: () => void;
}

/** Edit Registry: child's name, whose celebration it is, celebration date, personal message (optional), photo and its focal point, and whether it is unlisted. */
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

  return (
    <FormDialog
      open={open}
      title="Edit Registry"
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel="Save Changes"
      busyLabel="Saving…"
      submitDisabled={uploading}
    >
      <RegistryDetailsFields formik={formik} idPrefix={ID_PREFIX} disabled={busy} autoFocus />
      <RegistryPhotoField
        value={formik.values}
        onChange={(photo) => void formik.setValues({ ...formik.values, ...photo })}
        onUploadingChange={setUploading}
        alt={`Photo of ${formik.values.childName.trim() || registry.childName}`}
        disabled={busy}
      />
      <UnlistedField
        id={`${ID_PREFIX}unlisted`}
        checked={formik.values.unlisted ?? false}
        onChange={(unlisted) => void formik.setFieldValue('unlisted', unlisted)}
        disabled={busy}
      />
    </FormDialog>
  );
}
