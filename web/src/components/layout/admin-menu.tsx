import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { adminLinks } from './nav-links';

/** The desktop navigation's Admin menu; its own chunk, since only administrators see it. */
export default function AdminMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const open = anchor !== null;
  return (
    <>
      <Button
        id={buttonId}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        endIcon={<ExpandMoreIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        Admin
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        // Rendered inside the header so the menu stays within the banner landmark.
        disablePortal
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {adminLinks.map((link) => (
          <MenuItem key={link.href} component={Link} href={link.href} onClick={() => setAnchor(null)}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
