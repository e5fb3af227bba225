/** The irrigation area map is the shared area map (src/components/map), lazily loaded from here. */
export { default, type AreaMapProps } from '../../../components/map/area-map.tsx';
