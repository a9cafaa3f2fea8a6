import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { inviteCoOwnerSchema, type InviteCoOwnerInput } from '@core/co-owner/co-owner-schemas';
import type { RegistryPeople, RegistryPerson } from '@api/co-owners';
import type { ManagerRegistryView } from '@api/registries';
import { paths } from '@core/page-paths';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';
import { useRegistryCache } from '@/lib/registry-cache';
import { useCoOwnerActions, useRegistryPeople } from '@/features/co-owners/api/co-owner-api';

interface CoOwnersSectionProps {
  registry: ManagerRegistryView;
  viewerId: string;
}

/**
 * 'Co-owners' on the registry page: who manages the registry with the owner. The owner invites
 * by e-mail, cancels invitations still waiting and removes co-owners; a co-owner may leave.
 */
export default function CoOwnersSection({ registry, viewerId }: CoOwnersSectionProps) {
  const headingId = useId();
  const { data: people, error, mutate } = useRegistryPeople(registry.id);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem' }}>
            Co-owners
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {registry.isOwner
              ? 'Invite the other parent to manage this registry with you: they can edit it, see the gifts and send thank-you cards. Closing the registry and the payout stay yours.'
              : 'You manage this registry with its owner. Closing the registry and the payout are the owner’s.'}
          </Typography>
        </Box>
        {error ? (
          <LoadError onRetry={() => void mutate()}>The co-owners could not be loaded.</LoadError>
        ) : !people ? (
          <PageSpinner label="Loading co-owners…" />
        ) : (
          <People registry={registry} people={people} viewerId={viewerId} />
        )}
        {registry.isOwner && <InviteForm registryId={registry.id} />}
      </CardContent>
    </Card>
  );
}

function People({ registry, people, viewerId }: { registry: ManagerRegistryView; people: RegistryPeople; viewerId: string }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { dropLists } = useRegistryCache();
  const { cancel, remove } = useCoOwnerActions(registry.id);

  const act = async (action: () => Promise<{ message: string }>, failure: string, after?: () => Promise<void>) => {
    try {
      const { message } = await action();
      toast({ title: message });
      await after?.();
    } catch (error) {
      toast({ title: failure, description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  const leave = () =>
    act(
      () => remove(viewerId),
      'Could not leave the registry',
      async () => {
        await dropLists();
        await navigate(paths.home);
      },
    );

  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      <PersonRow person={people.owner} badge="Owner" you={people.owner.userId === viewerId} />
      {people.coOwners.map((person) => (
        <PersonRow key={person.userId} person={person} badge="Co-owner" you={person.userId === viewerId}>
          {people.role === 'owner' && (
            <Button
              size="small"
              color="error"
              variant="outlined"
              aria-label={`Remove ${person.name}`}
              onClick={() => void act(() => remove(person.userId), 'Could not remove the co-owner')}
            >
              Remove
            </Button>
          )}
          {person.userId === viewerId && (
            <Button size="small" color="error" variant="outlined" onClick={() => void leave()}>
              Leave Registry
            </Button>
          )}
        </PersonRow>
      ))}
      {people.invitations.map((invitation) => (
        <Box component="li" key={invitation.id} sx={rowSx}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              Invitation sent; the link works until {format(new Date(invitation.expiresAt), REGISTRY_DATE_FORMAT)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" label="Invited" variant="outlined" sx={{ fontWeight: 600 }} />
            <Button
              size="small"
              variant="outlined"
              aria-label={`Cancel Invitation to ${invitation.email}`}
              onClick={() => void act(() => cancel(invitation.id), 'Could not cancel the invitation')}
            >
              Cancel Invitation
            </Button>
          </Box>
        </Box>
      ))}
      {people.coOwners.length === 0 && people.invitations.length === 0 && (
        <Typography component="li" color="text.secondary">
          No co-owners yet.
        </Typography>
      )}
    </Box>
  );
}

const rowSx = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 1.5,
  p: 1.5,
  borderRadius: 2,
  bgcolor: 'background.default',
} as const;

function PersonRow({ person, badge, you, children }: { person: RegistryPerson; badge: string; you: boolean; children?: ReactNode }) {
  return (
    <Box component="li" sx={rowSx}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {person.name}
          {you && ' (you)'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={badge} color={badge === 'Owner' ? 'primary' : 'default'} sx={{ fontWeight: 600 }} />
        {children}
      </Box>
    </Box>
  );
}

function InviteForm({ registryId }: { registryId: string }) {
  const { toast } = useToast();
  const { invite } = useCoOwnerActions(registryId);
  const formik = useFormik<InviteCoOwnerInput>({
    initialValues: { email: '' },
    validationSchema: inviteCoOwnerSchema,
    onSubmit: async (values, helpers) => {
      try {
        const invitation = await invite(inviteCoOwnerSchema.cast(values));
        toast({ title: 'Invitation sent', description: `We e-mailed a link to ${invitation.email}. It works once, for 7 days.` });
        helpers.resetForm();
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Could not send the invitation', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    },
  });
  useFocusFirstError(formik, ['email'], 'co-owner-');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label="Invite a co-owner"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <TextField
        label="Co-owner's Email"
        type="email"
        autoComplete="off"
        required
        fullWidth
        {...fieldProps(formik, 'email', 'co-owner-')}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<PersonAddIcon />}
        disabled={formik.isSubmitting}
        sx={{ flexShrink: 0, mt: { sm: 1 } }}
      >
        Send Invitation
      </Button>
    </Box>
  );
}
