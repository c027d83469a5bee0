import 'leaflet/dist/leaflet.css';
import type { Dealer } from '@mitrebox/api-contract';
import { DEALER_MAP_ZOOM } from '@mitrebox/domain';
import type { FeatureCollection, Geometry } from 'geojson';
import type { CircleMarker as LeafletCircleMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { CircleMarker, GeoJSON, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import classes from './WhereToBuyPage.module.css';

/** The US states from the bundled atlas: drawn under the markers when no tile server is configured. */
const topology = statesTopology as unknown as Topology<{ states: GeometryCollection }>;
const STATES = feature(topology, topology.objects.states) as FeatureCollection<Geometry>;

const outlineStyle = () => ({
  color: '#b3a696',
  weight: 1,
  fillColor: '#fbf8f3',
  fillOpacity: 1,
});

export interface DealerMapProps {
  dealers: Dealer[];
  center: [number, number];
  tiles: { url: string; attribution: string } | null;
  activeId: string | null;
  onActivate: (acctnum: string | null) => void;
}

/** Keeps the map on the searched ZIP and brings the active dealer into view with its info window. */
function Follow({
  center,
  activeId,
  markers,
}: {
  center: [number, number];
  activeId: string | null;
  markers: Map<string, LeafletCircleMarker>;
}) {
  const map = useMap();
  useEffect(() => {
    map.setView(center, DEALER_MAP_ZOOM);
  }, [map, center]);
  useEffect(() => {
    if (!activeId) return;
    const marker = markers.get(activeId);
    if (!marker) return;
    if (!map.getBounds().contains(marker.getLatLng())) map.panTo(marker.getLatLng());
    marker.openPopup();
  }, [map, activeId, markers]);
  return null;
}

/** Leaflet map of the dealers (680 px high, zoom 8): a marker each, an info window with company and address. */
export default function DealerMap({ dealers, center, tiles, activeId, onActivate }: DealerMapProps) {
  const markers = useRef(new Map<string, LeafletCircleMarker>()).current;
  const stableCenter = useMemo<[number, number]>(() => [center[0], center[1]], [center[0], center[1]]);

  return (
    <MapContainer
      center={stableCenter}
      zoom={DEALER_MAP_ZOOM}
      className={classes.map}
      scrollWheelZoom={false}
      attributionControl={Boolean(tiles)}
      aria-label="Map of the retailers"
    >
      {tiles ? (
        <TileLayer url={tiles.url} attribution={tiles.attribution} />
      ) : (
        <GeoJSON data={STATES as FeatureCollection} style={outlineStyle} interactive={false} />
      )}
      <CircleMarker
        center={stableCenter}
        radius={5}
        pathOptions={{ color: '#3a312b', weight: 2, fillColor: '#ffffff', fillOpacity: 1 }}
        interactive={false}
      />
      {dealers.map((d, i) => {
        const active = d.Acctnum === activeId;
        return (
          <CircleMarker
            key={d.Acctnum}
            center={[d.latitude, d.longitude]}
            radius={active ? 11 : 8}
            className="dealer-marker"
            ref={(m) => {
              if (m) markers.set(d.Acctnum, m);
              else markers.delete(d.Acctnum);
            }}
            pathOptions={{
              color: active ? '#4a380c' : '#553820',
              weight: active ? 3 : 2,
              fillColor: active ? '#dbb44c' : '#8d5c31',
              fillOpacity: 0.9,
            }}
            eventHandlers={{
              mouseover: () => onActivate(d.Acctnum),
              click: () => onActivate(d.Acctnum),
              popupclose: () => {
                if (active) onActivate(null);
              },
            }}
          >
            <Popup>
              <strong>
                {i + 1}. {d.Company}
              </strong>
              <br />
              {d.Address1}
              <br />
              {d.City}, {d.State} {d.Zip}
              <br />
              {d.distance.toFixed(1)} miles
            </Popup>
          </CircleMarker>
        );
      })}
      <Follow center={stableCenter} activeId={activeId} markers={markers} />
    </MapContainer>
  );
}
