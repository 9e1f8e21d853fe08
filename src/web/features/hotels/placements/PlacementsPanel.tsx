import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import type { Placement } from '../../../../shared/api-types';
import { roomCardLanguageFor, type RoomCardLanguage, type RoomCardLayout } from '../../../../shared/schemas/hotel-area';
import { HotelClaimSettingsSchema, PlacementCreateSchema, roomsOfRange } from '../../../../shared/schemas/placements';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { DownloadIcon } from '../../../components/ui/icons';
import { errorText } from '../../../lib/api';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { CardLanguageSelect } from '../CardLanguageSelect';
import {
  claimSettingsQuery,
  downloadCards,
  placementsQuery,
  useCreatePlacements,
  useRotatePlacement,
  useSaveClaimSettings,
  useUpdatePlacement,
} from './api';

/**
 * A hotel's placements (docs/PRODUCT.md "Guest trust"): add a single place or a room range, print cards (all, a room
 * range, or one), rename, deactivate and reactivate, rotate (the old card stops working; the new card downloads at
 * once), and the old hotel link's switch with the daily claim limits. In the back office's QR dialog and on the
 * hotel's QR Cards page.
 */
export function PlacementsPanel({ hotel }: { hotel: { id: string; name: string; default_language?: string } }) {
  const { data: placements } = useSuspenseQuery(placementsQuery(hotel.id));
  const { data: settings } = useSuspenseQuery(claimSettingsQuery(hotel.id));
  const active = placements.filter((p) => p.is_active).length;
  // The cards' language under the English, for every card printed here.
  const [lang, setLang] = useState<RoomCardLanguage>(() => roomCardLanguageFor(hotel.default_language));
  return (
    <div className="placements">
      <AddPlacementForm hotelId={hotel.id} />
      <PrintCards
        hotel={hotel}
        count={active + (settings.hotel_link_enabled ? 1 : 0)}
        lang={lang}
        onLangChange={setLang}
      />
      <PlacementTable hotel={hotel} placements={placements} limit={settings.placement_daily_limit} lang={lang} />
      <ClaimSettingsForm hotelId={hotel.id} settings={settings} />
    </div>
  );
}

function AddPlacementForm({ hotelId }: { hotelId: string }) {
  const [kind, setKind] = useState<'single' | 'room'>('room');
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreatePlacements(hotelId);
  const single = useSingleSubmit();
  const rooms = kind === 'room' ? roomsOfRange(text) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void single(async () => {
      const input = kind === 'single' ? { kind, label: text } : { kind, range: text };
      const checked = v.safeParse(PlacementCreateSchema, input);
      if (!checked.success) return setRefusal(checked.issues[0].message);
      try {
        const made = await create.mutateAsync(checked.output);
        toast.success(made.length === 1 ? `${made[0]!.label} added` : `${made.length} rooms added`);
        setText('');
        setRefusal(null);
      } catch (error) {
        setRefusal(errorText(error, 'Failed to add the placement'));
      }
    });
  };
  return (
    <form className="placements-add" onSubmit={submit} aria-label="Add placements">
      <h3 className="placements-title">Add cards</h3>
      <div className="placements-add-row">
        <select
          aria-label="Kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as 'single' | 'room');
            setRefusal(null);
          }}
        >
          <option value="room">Room range</option>
          <option value="single">Single place</option>
        </select>
        <input
          aria-label={kind === 'room' ? 'Rooms' : 'Name'}
          placeholder={kind === 'room' ? '101-120' : 'Lobby'}
          value={text}
          maxLength={60}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(null);
          }}
        />
        <Button type="submit" disabled={create.isPending || text.trim() === ''}>
          {create.isPending ? 'Adding...' : 'Add'}
        </Button>
      </div>
      <p className="muted placements-hint">
        {rooms && 'rooms' in rooms && text.trim() !== ''
          ? `Makes ${rooms.rooms.length} cards: Room ${rooms.rooms[0]} to Room ${rooms.rooms[rooms.rooms.length - 1]}`
          : kind === 'room'
            ? 'A range such as 101-120 makes one card per room (at most 500 at once).'
            : 'A place such as Lobby, Restaurant or Pool.'}
      </p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}

function PrintCards({
  hotel,
  count,
  lang,
  onLangChange,
}: {
  hotel: { id: string; name: string };
  count: number;
  lang: RoomCardLanguage;
  onLangChange: (lang: RoomCardLanguage) => void;
}) {
  const [rooms, setRooms] = useState('');
  const [busy, setBusy] = useState(false);
  const print = async (layout: RoomCardLayout, choice: { rooms?: string } = {}) => {
    setBusy(true);
    try {
      await downloadCards(hotel, layout, lang, choice);
      toast.success('Room cards downloaded!');
    } catch (error) {
      toast.error(errorText(error, 'Failed to download room cards'));
    } finally {
      setBusy(false);
    }
  };
  const range = roomsOfRange(rooms);
  return (
    <div className="placements-print">
      <h3 className="placements-title">Print cards</h3>
      <div className="placements-add-row">
        <CardLanguageSelect value={lang} onChange={onLangChange} disabled={busy} />
      </div>
      <div className="placements-add-row">
        <Button variant="secondary" disabled={busy || count === 0} onClick={() => void print('a6')}>
          <DownloadIcon /> All cards, A6 ({count})
        </Button>
        <Button variant="secondary" disabled={busy || count === 0} onClick={() => void print('a4x4')}>
          <DownloadIcon /> All, 4 on A4
        </Button>
      </div>
      <div className="placements-add-row">
        <input
          aria-label="Rooms to print"
          placeholder="Rooms, e.g. 101-110"
          value={rooms}
          maxLength={40}
          onChange={(event) => setRooms(event.target.value)}
        />
        <Button
          variant="secondary"
          disabled={busy || !('rooms' in range)}
          onClick={() => void print('a4x4', { rooms })}
        >
          <DownloadIcon /> Print these rooms
        </Button>
      </div>
    </div>
  );
}

function PlacementTable({
  hotel,
  placements,
  limit,
  lang,
}: {
  hotel: { id: string; name: string };
  placements: Placement[];
  limit: number;
  lang: RoomCardLanguage;
}) {
  const update = useUpdatePlacement(hotel.id);
  const rotate = useRotatePlacement(hotel.id);
  const single = useSingleSubmit();
  const [renaming, setRenaming] = useState<{ id: string; label: string } | null>(null);
  const [renameRefusal, setRenameRefusal] = useState<string | null>(null);

  const run = (task: () => Promise<unknown>, failure: string) =>
    void single(async () => {
      try {
        await task();
      } catch (error) {
        toast.error(errorText(error, failure));
      }
    });
  const toggle = (p: Placement) =>
    run(async () => {
      await update.mutateAsync({ id: p.id, json: { is_active: !p.is_active } });
      toast.success(p.is_active ? `${p.label} switched off: its card no longer works` : `${p.label} switched on`);
    }, 'Failed to change the placement');
  const rotateCard = (p: Placement) => {
    if (!window.confirm(`Make a new card for ${p.label}? The card printed now stops working at once.`)) return;
    run(async () => {
      await rotate.mutateAsync(p.id);
      toast.success(`New card for ${p.label}: print it and replace the old one`);
      await downloadCards(hotel, 'a6', lang, { ids: [p.id] });
    }, 'Failed to make a new card');
  };
  const saveName = (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    run(async () => {
      try {
        await update.mutateAsync({ id: renaming.id, json: { label: renaming.label } });
        setRenaming(null);
        setRenameRefusal(null);
      } catch (error) {
        setRenameRefusal(errorText(error, 'Failed to rename'));
      }
    }, 'Failed to rename');
  };

  if (placements.length === 0)
    return <p className="muted placements-empty">No cards yet: add a room range or a place above.</p>;
  return (
    <div className="placements-list">
      <h3 className="placements-title">
        Cards ({placements.length}) · today's claims against the limit of {limit} a card
      </h3>
      <ul className="placements-rows">
        {placements.map((p) => (
          <li key={p.id} className={`placements-row${p.is_active ? '' : ' is-off'}`}>
            {renaming?.id === p.id ? (
              <form className="placements-rename" onSubmit={saveName}>
                <input
                  aria-label={`New name for ${p.label}`}
                  value={renaming.label}
                  maxLength={60}
                  autoFocus
                  onChange={(event) => setRenaming({ id: p.id, label: event.target.value })}
                />
                <Button size="sm" type="submit">
                  Save
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setRenaming(null)}>
                  Cancel
                </Button>
                {renameRefusal && (
                  <span className="form-error" role="alert">
                    {renameRefusal}
                  </span>
                )}
              </form>
            ) : (
              <>
                <span className="placements-label">{p.label}</span>
                <span className="placements-state">
                  {!p.is_active ? (
                    <Badge tone="grey">Off</Badge>
                  ) : p.claims_today >= limit ? (
                    <Badge tone="red">Limit reached</Badge>
                  ) : null}
                  <span className="muted" aria-label="Claims today">
                    {p.claims_today}/{limit}
                  </span>
                </span>
                <span className="placements-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void downloadCards(hotel, 'a6', lang, { ids: [p.id] })}
                    disabled={!p.is_active}
                    aria-label={`Print the card of ${p.label}`}
                  >
                    Print
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setRenaming({ id: p.id, label: p.label })}
                    aria-label={`Rename ${p.label}`}
                  >
                    Rename
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => toggle(p)}
                    aria-label={`${p.is_active ? 'Switch off' : 'Switch on'} ${p.label}`}
                  >
                    {p.is_active ? 'Switch off' : 'Switch on'}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => rotateCard(p)}
                    aria-label={`New card for ${p.label}`}
                  >
                    New card
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ClaimSettingsForm({
  hotelId,
  settings,
}: {
  hotelId: string;
  settings: { hotel_link_enabled: boolean; placement_daily_limit: number; hotel_link_daily_limit: number };
}) {
  const [values, setValues] = useState({
    hotel_link_enabled: settings.hotel_link_enabled,
    placement_daily_limit: String(settings.placement_daily_limit),
    hotel_link_daily_limit: String(settings.hotel_link_daily_limit),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveClaimSettings(hotelId);
  const single = useSingleSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void single(async () => {
      const checked = v.safeParse(HotelClaimSettingsSchema, {
        hotel_link_enabled: values.hotel_link_enabled,
        placement_daily_limit: Number(values.placement_daily_limit),
        hotel_link_daily_limit: Number(values.hotel_link_daily_limit),
      });
      if (!checked.success) return setRefusal(checked.issues[0].message);
      try {
        await save.mutateAsync(checked.output);
        setRefusal(null);
        toast.success('Card settings saved');
      } catch (error) {
        setRefusal(errorText(error, 'Failed to save the card settings'));
      }
    });
  };
  return (
    <form className="placements-settings" onSubmit={submit} aria-label="Card settings">
      <h3 className="placements-title">Daily limits and the hotel link</h3>
      <label className="placements-check">
        <input
          type="checkbox"
          checked={values.hotel_link_enabled}
          onChange={(event) => setValues({ ...values, hotel_link_enabled: event.target.checked })}
        />
        The hotel's old QR code (one for the whole hotel) still takes claims
      </label>
      <div className="placements-add-row">
        <label className="placements-number">
          Claims a day per card
          <input
            type="number"
            min={1}
            max={100000}
            value={values.placement_daily_limit}
            onChange={(event) => setValues({ ...values, placement_daily_limit: event.target.value })}
          />
        </label>
        <label className="placements-number">
          Claims a day through the hotel link
          <input
            type="number"
            min={1}
            max={100000}
            value={values.hotel_link_daily_limit}
            onChange={(event) => setValues({ ...values, hotel_link_daily_limit: event.target.value })}
          />
        </label>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </div>
      <p className="muted placements-hint">
        Past its limit a card is refused for the rest of the day: "This card has reached today's limit, please ask
        reception".
      </p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}
