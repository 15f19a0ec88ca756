"""Linux packaging: the .deb and the tarball (package.sh), their round trip
(check_packages.sh), and the build's glibc floor (``python -m tools.linux.glibc_floor``)."""
