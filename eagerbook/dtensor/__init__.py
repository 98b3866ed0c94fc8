"""``tf.experimental.dtensor``: tensors spread over a mesh of devices, simulated on one CPU.

A Mesh is a grid of devices with named dimensions; a Layout says, for each axis of a tensor,
which mesh dimension splits it (or UNSHARDED); a DTensor is a global tensor plus a layout, its
components being the pieces each device holds. See docs/dtensor.md.
"""

from .api import (
    DVariable,
    barrier,
    call_with_layout,
    check_layout,
    client_id,
    copy_to_mesh,
    default_mesh,
    device_name,
    fetch_layout,
    full_job_name,
    get_default_mesh,
    initialize_accelerator_system,
    is_dtensor,
    job_name,
    jobs,
    local_devices,
    num_clients,
    num_global_devices,
    num_local_devices,
    pack,
    preferred_device_type,
    relayout,
    relayout_like,
    shutdown_accelerator_system,
    unpack,
)
from .layout import MATCH, UNSHARDED, Layout
from .mesh import Mesh, create_distributed_mesh, create_mesh

initialize_multi_client = initialize_accelerator_system  # (TF's older names)
initialize_tpu_system = initialize_accelerator_system
shutdown_tpu_system = shutdown_accelerator_system

__all__ = ["DVariable", "Layout", "MATCH", "Mesh", "UNSHARDED", "barrier", "call_with_layout",
           "check_layout", "client_id", "copy_to_mesh", "create_distributed_mesh", "create_mesh",
           "default_mesh", "device_name", "fetch_layout", "full_job_name", "get_default_mesh",
           "initialize_accelerator_system", "initialize_multi_client", "initialize_tpu_system",
           "is_dtensor", "job_name", "jobs", "local_devices", "num_clients",
           "num_global_devices", "num_local_devices", "pack", "preferred_device_type",
           "relayout", "relayout_like", "shutdown_accelerator_system", "shutdown_tpu_system",
           "unpack"]
