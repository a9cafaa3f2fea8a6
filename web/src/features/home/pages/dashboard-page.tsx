import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { paths } from '../../../app/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUser } from '../../auth/api/use-user';

/** / for signed-in users: the home dashboard. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useUser();
  const name = user?.firstName?.trim() || 'there';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1">Welcome back, {name}!</Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        Manage your registries and start a new one for an upcoming celebration.
      </Typography>
      <Box sx={{ mt: 4 }}>
        <Button variant="contained" size="large" href={paths.createRegistry} startIcon={<AddIcon />}>
          Create New Registry
        </Button>
      </Box>
    </Container>
  );
}
